import { describe, expect, it } from 'vitest';
import {
  appointmentInputSchema,
  appointmentListQuerySchema,
  appointmentUpdateSchema,
} from './appointment-schemas';
import { isIsoDate, isIsoMonth } from './iso-date';

const valid = {
  clientId: '3f0e2c3a-8a0e-4b8e-9b1a-3c9d2b7e4f10',
  serviceId: '0b6e8a52-2d7c-4f4e-8f1d-6c1a9e3b5d22',
  appointmentDate: '2026-12-01',
  startTime: '09:30',
};

function firstMessage(input: unknown): string | undefined {
  const result = appointmentInputSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('appointment form schema (docs/product.md section 5)', () => {
  it('accepts a valid appointment; status is optional and empty notes become null', () => {
    expect(appointmentInputSchema.parse({ ...valid, notes: '' })).toEqual({
      ...valid,
      notes: null,
    });
    expect(appointmentInputSchema.parse({ ...valid, status: 'confirmed' }).status).toBe(
      'confirmed',
    );
  });

  it.each([
    [{ ...valid, clientId: 'abc' }, 'Cliente inválido'],
    [{ ...valid, clientId: undefined }, 'Cliente inválido'],
    [{ ...valid, serviceId: '123' }, 'Serviço inválido'],
    [{ ...valid, appointmentDate: '01/12/2026' }, 'Data inválida'],
    [{ ...valid, appointmentDate: '2026-02-30' }, 'Data inválida'],
    [{ ...valid, appointmentDate: '' }, 'Data inválida'],
    [{ ...valid, startTime: '9:30' }, 'Hora inválida'],
    [{ ...valid, startTime: '24:00' }, 'Hora inválida'],
    [{ ...valid, startTime: '10:60' }, 'Hora inválida'],
    [{ ...valid, status: 'pending' }, 'Status inválido'],
    [{ ...valid, notes: 'x'.repeat(1001) }, 'Notas muito longas'],
  ])('refuses %j with "%s"', (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it('lets an update carry any subset', () => {
    expect(appointmentUpdateSchema.parse({ status: 'cancelled' })).toEqual({ status: 'cancelled' });
  });

  it.each([
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['1899-12-31', false],
    ['1900-01-01', true],
    ['2100-12-31', true],
    ['2101-01-01', false],
    ['9999-12-31', false],
  ])('isIsoDate(%s) is %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });

  it.each([
    ['2026-11', true],
    ['1900-01', true],
    ['2100-12', true],
    ['2026-13', false],
    ['2026-00', false],
    ['0000-01', false],
    ['2101-01', false],
    ['9999-12', false],
    ['2026-1', false],
  ])('isIsoMonth(%s) is %s', (value, expected) => {
    expect(isIsoMonth(value)).toBe(expected);
  });
});

describe('appointment list query', () => {
  it('defaults to everything, first page of 50', () => {
    expect(appointmentListQuerySchema.parse({})).toEqual({
      page: 1,
      pageSize: 50,
      status: 'all',
      period: 'all',
    });
  });

  it('refuses an unknown status or period', () => {
    expect(appointmentListQuerySchema.safeParse({ status: 'x' }).success).toBe(false);
    expect(appointmentListQuerySchema.safeParse({ period: 'month' }).success).toBe(false);
  });
});
