import { describe, expect, it } from 'vitest';
import {
  checkCustomLinkRule,
  customLinkUpdateSchema,
  isIanaTimeZone,
  linkAvailabilityQuerySchema,
  profileUpdateSchema,
} from './profile-schemas';

const valid = {
  professionalName: '  Ana Souza ',
  businessName: 'Studio Ana',
  phone: '(11) 98765-4321',
  bio: 'Cortes e coloração.',
  timezone: 'America/Manaus',
};

function firstMessage(input: unknown): string | undefined {
  const result = profileUpdateSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('profile update', () => {
  it('trims the names, keeps the rest and stores the phone as digits', () => {
    expect(profileUpdateSchema.parse(valid)).toEqual({
      ...valid,
      professionalName: 'Ana Souza',
      phone: '11987654321',
    });
  });

  it('turns an empty phone or bio into null', () => {
    expect(profileUpdateSchema.parse({ ...valid, phone: '  ', bio: '' })).toMatchObject({
      phone: null,
      bio: null,
    });
    expect(profileUpdateSchema.parse({ ...valid, phone: null, bio: undefined })).toMatchObject({
      phone: null,
      bio: null,
    });
  });

  it.each([
    [{ professionalName: '   ' }, 'Seu nome é obrigatório'],
    [{ professionalName: undefined }, 'Seu nome é obrigatório'],
    [{ professionalName: 'a'.repeat(101) }, 'Nome muito longo'],
    [{ businessName: '' }, 'Nome do negócio é obrigatório'],
    [{ businessName: 'a'.repeat(101) }, 'Nome do negócio muito longo'],
    [{ phone: '1'.repeat(21) }, 'Telefone muito longo'],
    [{ bio: 'a'.repeat(501) }, 'A bio deve ter no máximo 500 caracteres'],
    [{ timezone: 'Marte/Olympus' }, 'Fuso horário inválido'],
    [{ timezone: '+03:00' }, 'Fuso horário inválido'],
    [{ timezone: 'america/sao_paulo' }, 'Fuso horário inválido'],
    [{ timezone: '' }, 'Fuso horário inválido'],
    [{ timezone: 42 }, 'Fuso horário inválido'],
  ])('refuses %j with %j', (override, message) => {
    expect(firstMessage({ ...valid, ...override })).toBe(message);
  });

  it('accepts the limits exactly', () => {
    const atLimits = {
      ...valid,
      professionalName: 'a'.repeat(100),
      businessName: 'b'.repeat(100),
      phone: '1'.repeat(20),
      bio: 'c'.repeat(500),
    };
    expect(profileUpdateSchema.safeParse(atLimits).success).toBe(true);
  });
});

describe('time zones', () => {
  it.each(['America/Sao_Paulo', 'America/Noronha', 'America/Eirunepe', 'Europe/Lisbon', 'UTC'])(
    'accepts %s',
    (zone) => expect(isIanaTimeZone(zone)).toBe(true),
  );

  it.each(['', 'Brasil', 'GMT-3 ', '-03:00', `America/${'X'.repeat(64)}`])('refuses %j', (zone) =>
    expect(isIanaTimeZone(zone)).toBe(false),
  );
});

describe('custom link rule', () => {
  it('normalizes before judging, as the editors do while typing', () => {
    expect(checkCustomLinkRule('Meu_Link Novo!')).toEqual({ link: 'meulinknovo', available: true });
  });

  it.each([
    ['ab', 'invalid', 'O link deve ter pelo menos 3 caracteres'],
    ['', 'invalid', 'O link deve ter pelo menos 3 caracteres'],
    ['a'.repeat(41), 'invalid', 'O link deve ter no máximo 40 caracteres'],
    ['Dashboard', 'reserved', 'Este link é reservado. Escolha outro.'],
    ['api', 'reserved', 'Este link é reservado. Escolha outro.'],
  ])('refuses %j as %s', (input, reason, message) => {
    expect(checkCustomLinkRule(input)).toMatchObject({ available: false, reason, message });
  });

  it('validates a save strictly: what is sent is what is stored', () => {
    const result = customLinkUpdateSchema.safeParse({ customLink: 'Meu-Link' });
    expect(result.error?.issues[0]?.message).toBe('Use apenas letras minúsculas, números e hífen');
    expect(customLinkUpdateSchema.parse({ customLink: 'meu-link-2' })).toEqual({
      customLink: 'meu-link-2',
    });
  });

  it('reads a missing ?link= as empty', () => {
    expect(linkAvailabilityQuerySchema.parse({})).toEqual({ link: '' });
  });
});
