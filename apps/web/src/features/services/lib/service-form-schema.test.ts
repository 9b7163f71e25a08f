import { describe, expect, it } from 'vitest';
import { parseDurationInput, serviceFormSchema, toServiceFormValues } from './service-form-schema';

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

const values = {
  name: 'Corte',
  description: '',
  durationMinutes: '45',
  bufferMinutes: '0',
  isActive: true,
};

describe('serviceFormSchema', () => {
  it('applies the duration fallback and the shared rules', () => {
    expect(
      serviceFormSchema.parse({
        name: '  Corte  ',
        description: '',
        price: '0',
        durationMinutes: '',
        bufferMinutes: '',
        isActive: true,
      }),
    ).toEqual({
      name: 'Corte',
      description: null,
      price: 0,
      durationMinutes: 60,
      bufferMinutes: 0,
      isActive: true,
    });
  });

  it.each([
    ['45,50', 45.5],
    ['45.5', 45.5],
    ['R$ 1.234,56', 1234.56],
    ['1.234', 1234],
    ['0,29', 0.29],
  ])('reads the price %j as %d reais, exact to the cent', (price, reais) => {
    const parsed = serviceFormSchema.parse({ ...values, price });
    expect(parsed.price).toBe(reais);
    expect(parsed.price.toFixed(2)).toBe(reais.toFixed(2));
  });

  it.each([
    ['', 'Informe o preço'],
    ['abc', 'Valor inválido. Digite apenas números, como 45,50'],
    ['-3', 'O valor não pode ser negativo'],
    ['45,505', 'Use no máximo duas casas decimais (centavos)'],
    ['100.000.000,00', 'Preço muito alto'],
  ])('refuses the price %j with %j', (price, message) => {
    const result = serviceFormSchema.safeParse({ ...values, price });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it('shows a saved price as typed in Brazil', () => {
    expect(toServiceFormValues().price).toBe('');
    expect(
      toServiceFormValues({
        id: 's1',
        name: 'Corte',
        description: null,
        price: '1234.50',
        priceCents: 123450,
        durationMinutes: 45,
        bufferMinutes: 0,
        imageUrl: null,
        thumbnailUrl: null,
        isActive: true,
        createdAt: '2026-03-02T12:00:00.000Z',
      }).price,
    ).toBe('1.234,50');
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
