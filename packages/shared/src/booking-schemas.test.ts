import { describe, expect, it } from 'vitest';
import { planConsecutiveAppointments, sumDurations, sumPriceCents } from './booking-plan';
import {
  bookingContactSchema,
  bookingInputSchema,
  bookingSlotsQuerySchema,
} from './booking-schemas';

const SERVICE_A = '6f1d6a8e-2c55-4a53-9d4b-1f1e6f0f7a01';
const SERVICE_B = '6f1d6a8e-2c55-4a53-9d4b-1f1e6f0f7a02';

const valid = {
  professionalId: '0b6f5f5e-3c1b-4b8e-8f43-2a8f0f6b9c10',
  serviceIds: [SERVICE_A, SERVICE_B],
  date: '2026-11-23',
  time: '09:30',
  clientName: '  Bia Souza ',
  clientEmail: 'Bia@Exemplo.com.br',
  clientPhone: '',
  notes: null,
  idempotencyKey: '5d0c3e56-6a3f-4d59-9f0b-0f1f3b0d2e11',
};

function firstMessage(input: unknown): string | undefined {
  const result = bookingInputSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('bookingInputSchema', () => {
  it('trims, keeps the e-mail as typed and turns empty optionals into null', () => {
    expect(bookingInputSchema.parse(valid)).toMatchObject({
      clientName: 'Bia Souza',
      clientEmail: 'Bia@Exemplo.com.br',
      clientPhone: null,
      notes: null,
    });
  });

  it.each([
    [{ clientName: '   ' }, 'Nome é obrigatório'],
    [{ clientName: undefined }, 'Nome é obrigatório'],
    [{ clientName: 'x'.repeat(101) }, 'Nome muito longo'],
    [{ clientEmail: 'bia@' }, 'Email inválido'],
    [{ clientEmail: `${'b'.repeat(250)}@exemplo.com.br` }, 'Email muito longo'],
    [{ clientPhone: '1'.repeat(21) }, 'Telefone muito longo'],
    [{ notes: 'x'.repeat(501) }, 'Observações muito longas'],
    [{ serviceIds: [] }, 'Selecione pelo menos um serviço'],
    [{ serviceIds: undefined }, 'Selecione pelo menos um serviço'],
    [{ serviceIds: ['corte'] }, 'Serviço inválido'],
    [{ serviceIds: [SERVICE_A, SERVICE_A] }, 'Serviço inválido'],
    [{ date: '23/11/2026' }, 'Data inválida'],
    [{ date: '2026-02-30' }, 'Data inválida'],
    [{ time: '9:30' }, 'Hora inválida'],
    [{ time: '24:00' }, 'Hora inválida'],
    [{ professionalId: '' }, 'Link inválido'],
    [{ idempotencyKey: 'curta' }, 'Requisição inválida. Recarregue a página e tente novamente.'],
  ])('refuses %j with "%s"', (override, message) => {
    expect(firstMessage({ ...valid, ...override })).toBe(message);
  });

  it('leaves an empty e-mail to the server (phone-first professionals make it optional)', () => {
    expect(bookingInputSchema.parse({ ...valid, clientEmail: '' }).clientEmail).toBeNull();
    expect(
      bookingContactSchema.safeParse({ ...valid, clientEmail: '' }).error?.issues[0]?.message,
    ).toBe('Email inválido');
  });

  it('accepts notes of exactly 500 characters and 10 services', () => {
    const ids = Array.from(
      { length: 10 },
      (_, i) => `6f1d6a8e-2c55-4a53-9d4b-1f1e6f0f7a${String(i).padStart(2, '0')}`,
    );
    expect(firstMessage({ ...valid, notes: 'x'.repeat(500), serviceIds: ids })).toBeUndefined();
    expect(firstMessage({ ...valid, serviceIds: [...ids, SERVICE_A.replace('01', '99')] })).toBe(
      'Selecione no máximo 10 serviços',
    );
  });

  it('shows the contact rules in the order of the form', () => {
    const result = bookingContactSchema.safeParse({
      clientName: '',
      clientEmail: 'x',
      notes: 'x'.repeat(501),
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Nome é obrigatório',
      'Email inválido',
      'Observações muito longas',
    ]);
  });
});

describe('bookingSlotsQuerySchema', () => {
  it('splits the comma-separated service ids', () => {
    expect(
      bookingSlotsQuerySchema.parse({
        date: '2026-11-23',
        serviceIds: `${SERVICE_A}, ${SERVICE_B}`,
      }),
    ).toEqual({ date: '2026-11-23', serviceIds: [SERVICE_A, SERVICE_B] });
  });

  it.each([
    [{ date: 'amanhã', serviceIds: SERVICE_A }, 'Data inválida'],
    [{ date: '2026-11-23' }, 'Selecione pelo menos um serviço'],
    [{ date: '2026-11-23', serviceIds: ',' }, 'Selecione pelo menos um serviço'],
    [{ date: '2026-11-23', serviceIds: 'abc' }, 'Serviço inválido'],
  ])('refuses %j with "%s"', (query, message) => {
    const result = bookingSlotsQuerySchema.safeParse(query);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('planConsecutiveAppointments', () => {
  const cut = { id: 'a', durationMinutes: 60, priceCents: 9000 };
  const wash = { id: 'b', durationMinutes: 45, priceCents: 3550 };

  it('lays the services back to back, in the order given', () => {
    expect(planConsecutiveAppointments('09:30', [cut, wash])).toEqual([
      { service: cut, startTime: '09:30', endTime: '10:30' },
      { service: wash, startTime: '10:30', endTime: '11:15' },
    ]);
    expect(sumDurations([cut, wash])).toBe(105);
    expect(sumPriceCents([cut, wash])).toBe(12550);
  });

  it('may end at 24:00 but not later', () => {
    expect(planConsecutiveAppointments('23:00', [cut])?.[0]?.endTime).toBe('24:00');
    expect(planConsecutiveAppointments('23:00', [cut, wash])).toBeUndefined();
  });
});
