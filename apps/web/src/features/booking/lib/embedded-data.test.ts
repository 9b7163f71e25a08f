import { INVALID_LINK_MESSAGE, PUBLIC_DATA_ELEMENT_ID } from '@agendaki/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { embedProfessional, makeProfessional, PROFESSIONAL_ID } from '../testing/fixtures';
import * as page from '../components/booking-page';
import { EMBEDDED_DATA_ELEMENT_ID, readEmbeddedProfessional } from './embedded-data';

describe('readEmbeddedProfessional', () => {
  afterEach(() => document.getElementById(PUBLIC_DATA_ELEMENT_ID)?.remove());

  it('reads what the server embedded for this link, then removes it', () => {
    const data = makeProfessional();
    embedProfessional(data);

    expect(readEmbeddedProfessional('studio-ana')).toEqual(data);
    expect(document.getElementById(PUBLIC_DATA_ELEMENT_ID)).toBeNull();
    // Read once: a later visit asks the API.
    expect(readEmbeddedProfessional('studio-ana')).toBeUndefined();
  });

  it('matches the link whatever its case, and the profile id', () => {
    embedProfessional(makeProfessional());
    expect(readEmbeddedProfessional('Studio-Ana')).toBeDefined();
    embedProfessional(makeProfessional());
    expect(readEmbeddedProfessional(PROFESSIONAL_ID)).toBeDefined();
  });

  it('ignores data about another link', () => {
    embedProfessional(makeProfessional());
    expect(readEmbeddedProfessional('outro-link')).toBeUndefined();
  });

  it('ignores malformed or wrongly shaped data', () => {
    embedProfessional('{"profile": ');
    expect(readEmbeddedProfessional('studio-ana')).toBeUndefined();
    embedProfessional({ code: 'NOT_FOUND', message: 'Profissional não encontrado' });
    expect(readEmbeddedProfessional('studio-ana')).toBeUndefined();
  });

  it('uses the shared names, copied to keep zod out of the first download', () => {
    expect(EMBEDDED_DATA_ELEMENT_ID).toBe(PUBLIC_DATA_ELEMENT_ID);
    expect(page.INVALID_LINK_MESSAGE).toBe(INVALID_LINK_MESSAGE);
  });

  it('is undefined when the page has no embedded data', () => {
    expect(readEmbeddedProfessional('studio-ana')).toBeUndefined();
  });
});
