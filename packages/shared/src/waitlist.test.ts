import { describe, expect, it } from 'vitest';
import { fitsWish, waitlistFormSchemaFor, waitlistJoinInputSchema } from './waitlist';

const base = {
  professionalId: '0b6f5f5e-3c1b-4b8e-8f43-2a8f0f6b9c10',
  serviceIds: ['6f1d6a8e-2c55-4a53-9d4b-1f1e6f0f7a01'],
  dates: ['2026-11-23'],
  periods: ['manha'],
  rangeStart: '',
  rangeEnd: '',
  clientName: 'Ana Espera',
  clientEmail: 'ana@exemplo.com.br',
  clientPhone: '',
  requestKey: '5d0c3e56-6a3f-4d59-9f0b-0f1f3b0d2e11',
};

const firstMessage = (input: unknown) =>
  waitlistJoinInputSchema.safeParse(input).error?.issues[0]?.message;

describe('fitsWish', () => {
  it.each([
    ['08:00', { periods: ['manha'], rangeStart: null, rangeEnd: null }, true],
    ['12:00', { periods: ['manha'], rangeStart: null, rangeEnd: null }, false],
    ['12:00', { periods: ['tarde'], rangeStart: null, rangeEnd: null }, true],
    ['18:00', { periods: ['tarde', 'noite'], rangeStart: null, rangeEnd: null }, true],
    ['14:00', { periods: [], rangeStart: '14:00', rangeEnd: '15:00' }, true],
    ['15:00', { periods: [], rangeStart: '14:00', rangeEnd: '15:00' }, false],
  ])('%s in %j: %s', (time, wish, fits) => {
    expect(fitsWish(time, wish)).toBe(fits);
  });
});

describe('waitlistJoinInputSchema', () => {
  it('accepts periods or a range, empty optionals as null', () => {
    expect(waitlistJoinInputSchema.parse(base)).toMatchObject({
      rangeStart: null,
      clientPhone: null,
    });
  });

  it.each([
    [{ periods: [] }, 'Escolha um período ou um intervalo de horário'],
    [
      { periods: [], rangeStart: '10:00', rangeEnd: '09:00' },
      'O fim do intervalo deve ser depois do início',
    ],
    [{ periods: [], rangeStart: '10:00' }, 'Escolha um período ou um intervalo de horário'],
    [{ dates: [] }, 'Escolha pelo menos um dia'],
    [
      { dates: Array.from({ length: 15 }, (_, i) => `2026-12-${String(i + 1).padStart(2, '0')}`) },
      'Escolha no máximo 14 dias',
    ],
    [{ periods: ['madrugada'] }, 'Escolha um período ou um intervalo de horário'],
    [{ clientEmail: '', clientPhone: '' }, 'Informe um telefone ou um e-mail'],
    [{ clientName: '   ' }, 'Nome é obrigatório'],
  ])('refuses %j with "%s"', (override, message) => {
    expect(firstMessage({ ...base, ...override })).toBe(message);
  });

  it('asks the mobile of phone-first professionals', () => {
    const form = waitlistFormSchemaFor(false);
    expect(form.safeParse({ ...base, clientEmail: '' }).error?.issues[0]?.message).toBe(
      'Informe um celular com DDD, ex.: (11) 98765-4321',
    );
    expect(form.safeParse({ ...base, clientPhone: '11987654321' }).success).toBe(true);
  });
});
