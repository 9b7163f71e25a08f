import { describe, expect, it } from 'vitest';
import { serviceInputSchema, serviceListQuerySchema, serviceUpdateSchema } from './service-schemas';

const valid = { name: 'Corte', price: 49.9, durationMinutes: 45 };

function firstMessage(input: unknown): string | undefined {
  const result = serviceInputSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('service form schema', () => {
  it('accepts a valid service, trims the name and turns an empty description into null', () => {
    expect(serviceInputSchema.parse({ ...valid, name: '  Corte  ', description: '' })).toEqual({
      ...valid,
      name: 'Corte',
      description: null,
      // No pause after the appointment unless the professional sets one.
      bufferMinutes: 0,
    });
  });

  it.each([
    [{ ...valid, name: '' }, 'Nome é obrigatório'],
    [{ ...valid, name: '   ' }, 'Nome é obrigatório'],
    [{ price: 10, durationMinutes: 30 }, 'Nome é obrigatório'],
    [{ ...valid, name: 'x'.repeat(101) }, 'Nome muito longo'],
    [{ ...valid, description: 'x'.repeat(1001) }, 'Descrição muito longa'],
    [{ ...valid, price: -1 }, 'O preço não pode ser negativo'],
    [{ ...valid, price: 10.001 }, 'O preço deve ter no máximo duas casas decimais'],
    [{ ...valid, price: '10' }, 'Preço inválido'],
    [{ ...valid, price: Number.NaN }, 'Preço inválido'],
    [{ ...valid, price: 100_000_000 }, 'Preço muito alto'],
    [{ ...valid, durationMinutes: 0 }, 'A duração deve ser de pelo menos 1 minuto'],
    [
      { ...valid, durationMinutes: 1441 },
      'A duração deve ser de no máximo 1440 minutos (24 horas)',
    ],
    [{ ...valid, durationMinutes: 30.5 }, 'A duração deve ser um número inteiro de minutos'],
    [{ ...valid, durationMinutes: undefined }, 'Duração inválida'],
    [{ ...valid, isActive: 'yes' }, 'Valor inválido para ativo'],
  ])('refuses %j with "%s"', (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('accepts the limits: price 0 and 0.01, duration 1 and 1440, name of 100', () => {
    for (const input of [
      { ...valid, price: 0 },
      { ...valid, price: 0.01 },
      { ...valid, price: 19.99 },
      { ...valid, durationMinutes: 1 },
      { ...valid, durationMinutes: 1440 },
      { ...valid, name: 'x'.repeat(100) },
    ]) {
      expect(serviceInputSchema.safeParse(input).success, JSON.stringify(input)).toBe(true);
    }
  });

  it('lets an update carry any subset of fields, with the same rules', () => {
    expect(serviceUpdateSchema.parse({ isActive: false })).toEqual({ isActive: false });
    expect(serviceUpdateSchema.safeParse({ name: ' ' }).success).toBe(false);
  });

  it('reads the active filter of the list query', () => {
    expect(serviceListQuerySchema.parse({ active: 'true' })).toEqual({ active: true });
    expect(serviceListQuerySchema.parse({})).toEqual({ active: false });
  });
});
