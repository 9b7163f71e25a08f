import { describe, expect, it } from 'vitest';
import {
  customLinkSchema,
  looksLikeUuid,
  normalizeCustomLink,
  slugifyBusinessName,
} from './custom-link';

describe('custom link', () => {
  it.each([
    ['Salão da Maria', 'salao-da-maria'],
    ['  Barbearia   do Zé!!  ', 'barbearia-do-ze'],
    ['Clínica São João & Cia.', 'clinica-sao-joao-cia'],
    ['AB', 'agenda-ab'],
    ['!!!', 'agenda'],
  ])('derives %j -> %j from a business name', (name, slug) => {
    expect(slugifyBusinessName(name)).toBe(slug);
    expect(customLinkSchema.safeParse(slug).success).toBe(true);
  });

  it('keeps room for a numeric suffix', () => {
    expect(slugifyBusinessName('a'.repeat(80)).length).toBeLessThanOrEqual(35);
  });

  it('tells a UUID-shaped value in any case, and nothing else', () => {
    expect(looksLikeUuid('0B6F5C1E-8D2A-4C3B-9F1E-2A7D4E6B8C90')).toBe(true);
    expect(looksLikeUuid('0b6f5c1e-8d2a-4c3b-9f1e-2a7d4e6b8c90')).toBe(true);
    expect(looksLikeUuid('0b6f5c1e-8d2a-4c3b-9f1e-2a7d4e6b8c90-2')).toBe(false);
    expect(looksLikeUuid('salao-da-maria')).toBe(false);
  });

  it('normalizes while typing: lowercase, a-z 0-9 and hyphen only', () => {
    expect(normalizeCustomLink('Meu_Link Novo!')).toBe('meulinknovo');
  });

  it.each([
    ['ab', 'O link deve ter pelo menos 3 caracteres'],
    ['a'.repeat(41), 'O link deve ter no máximo 40 caracteres'],
    ['meu_link', 'Use apenas letras minúsculas, números e hífen'],
    ['dashboard', 'Este link é reservado. Escolha outro.'],
    [
      '0b6f5c1e-8d2a-4c3b-9f1e-2a7d4e6b8c90',
      'O link não pode ter o formato de um código de identificação. Escolha outro.',
    ],
  ])('refuses %j', (value, message) => {
    const result = customLinkSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
