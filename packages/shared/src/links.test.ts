import { describe, expect, it } from 'vitest';
import { bookingContactSchema } from './booking-schemas';
import { clientInputSchema } from './client-schemas';
import { containsLink, NAME_WITH_LINK_MESSAGE, withoutLiveLinks } from './links';

const LINKS = [
  'Maria evil.com',
  'http://evil',
  'Promo HTTPS://Evil.example/x?a=1',
  'www.evil.com',
  'WWW3.evil',
  'banco\u3002com',
  'banco\uff0ecom',
  'ana@evil.com.br',
  'mailto:ana@x',
  'javascript:alert(1)',
  'x.co',
];
const NAMES = [
  'Ana Souza',
  'Dr. Silva',
  'J. R. Souza',
  'Maria-Clara',
  "D'Ávila",
  'Studio 1.5',
  '李 明',
];

describe('containsLink', () => {
  it('finds scheme, www and domain-like addresses', () => {
    for (const value of LINKS) expect(containsLink(value), value).toBe(true);
  });
  it('leaves names alone', () => {
    for (const value of NAMES) expect(containsLink(value), value).toBe(false);
  });
});

describe('withoutLiveLinks', () => {
  it('removes addresses and breaks every domain-like token', () => {
    for (const value of LINKS) {
      const inert = withoutLiveLinks(value);
      expect(containsLink(inert), JSON.stringify(inert)).toBe(false);
    }
    expect(withoutLiveLinks('Veja http://evil.com/x agora')).toBe('Veja [link removido] agora');
    expect(withoutLiveLinks('evil.com')).toBe('evil\u200b.\u200bcom');
    expect(withoutLiveLinks('Dr. Silva')).toBe('Dr. Silva');
  });
});

describe('client names refuse links', () => {
  it('in the client form and the booking form, with a pt-BR message', () => {
    for (const name of LINKS) {
      expect(clientInputSchema.safeParse({ name }).error?.issues[0]?.message).toBe(
        NAME_WITH_LINK_MESSAGE,
      );
      const contact = { clientName: name, clientEmail: 'ana@exemplo.com' };
      expect(bookingContactSchema.safeParse(contact).error?.issues[0]?.message).toBe(
        NAME_WITH_LINK_MESSAGE,
      );
    }
    for (const name of NAMES) expect(clientInputSchema.safeParse({ name }).success).toBe(true);
  });
});
