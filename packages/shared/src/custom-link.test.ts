import { describe, expect, it } from 'vitest';
import { customLinkSchema, normalizeCustomLink, slugifyBusinessName } from './custom-link';

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

  it('normalizes while typing: lowercase, a-z 0-9 and hyphen only', () => {
    expect(normalizeCustomLink('Meu_Link Novo!')).toBe('meulinknovo');
  });

  it.each([
    ['ab', 'O link deve ter pelo menos 3 caracteres'],
    ['a'.repeat(41), 'O link deve ter no máximo 40 caracteres'],
    ['meu_link', 'Use apenas letras minúsculas, números e hífen'],
    ['dashboard', 'Este link é reservado. Escolha outro.'],
  ])('refuses %j', (value, message) => {
    const result = customLinkSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});
