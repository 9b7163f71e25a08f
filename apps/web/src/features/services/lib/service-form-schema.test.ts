import { describe, expect, it } from 'vitest';
import { parseDurationInput, parsePriceInput, serviceFormSchema } from './service-form-schema';

describe('parsePriceInput (bad input falls back to 0)', () => {
  it.each([
    ['49.90', 49.9],
    ['49,90', 49.9],
    ['0', 0],
    ['10.006', 10.01],
    ['', 0],
    ['   ', 0],
    ['abc', 0],
    ['-5', 0],
    ['Infinity', 0],
  ])('%j -> %d', (raw, price) => {
    expect(parsePriceInput(raw)).toBe(price);
  });
});

describe('parseDurationInput (bad input falls back to 60)', () => {
  it.each([
    ['30', 30],
    ['1', 1],
    ['', 60],
    ['abc', 60],
    ['0', 60],
    ['-10', 60],
    ['1.5', 60],
  ])('%j -> %d', (raw, minutes) => {
    expect(parseDurationInput(raw)).toBe(minutes);
  });
});

describe('serviceFormSchema', () => {
  it('applies the fallbacks and the shared rules', () => {
    expect(
      serviceFormSchema.parse({
        name: '  Corte  ',
        description: '',
        price: 'x',
        durationMinutes: '',
        isActive: true,
      }),
    ).toEqual({ name: 'Corte', description: null, price: 0, durationMinutes: 60, isActive: true });
  });

  it('requires a name and caps the duration at a day', () => {
    const result = serviceFormSchema.safeParse({
      name: ' ',
      description: '',
      price: '10',
      durationMinutes: '2000',
      bufferMinutes: '0',
      isActive: true,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Nome é obrigatório',
      'A duração deve ser de no máximo 1440 minutos (24 horas)',
    ]);
  });

  it('takes an empty "Intervalo após" as 0 and refuses more than 120 minutes', () => {
    const base = {
      name: 'Corte',
      description: '',
      price: '10',
      durationMinutes: '30',
      isActive: true,
    };
    expect(serviceFormSchema.parse({ ...base, bufferMinutes: '' }).bufferMinutes).toBe(0);
    const result = serviceFormSchema.safeParse({ ...base, bufferMinutes: '500' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'O intervalo deve ser de no máximo 120 minutos',
    ]);
  });
});
