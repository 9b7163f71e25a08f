import type { Appointment, Client, Service } from '@agendaki/shared';
import { describe, expect, it } from 'vitest';
import { getBookingPreview, toClientOption, toServiceChoices } from './form-choices';

const service: Service = {
  id: 's1',
  name: 'Corte',
  description: null,
  price: '80.00',
  priceCents: 8000,
  durationMinutes: 45,
  bufferMinutes: 0,
  imageUrl: null,
  thumbnailUrl: null,
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const client: Client = {
  id: 'c1',
  name: 'Ana',
  email: null,
  phone: null,
  notes: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const appointment = {
  clientId: 'c9',
  serviceId: 's9',
  client: { id: 'c9', name: 'Zeca', email: null, phone: null },
  service: { id: 's9', name: 'Antigo', price: '10.00', durationMinutes: 30 },
} as Appointment;

describe('form choices', () => {
  it('offer the services as they are for a new appointment', () => {
    expect(toServiceChoices([service])).toEqual([
      { id: 's1', label: 'Corte', price: '80.00', durationMinutes: 45 },
    ]);
  });

  it("keep the edited appointment's (inactive) service choosable", () => {
    expect(toServiceChoices([service], appointment).map((s) => s.label)).toEqual([
      'Antigo',
      'Corte',
    ]);
  });
});

describe('toClientOption', () => {
  it('lists the name, with the e-mail and phone that tell namesakes apart', () => {
    expect(toClientOption(client)).toEqual({ value: 'c1', label: 'Ana' });
    expect(toClientOption({ ...client, email: 'ana@example.com' })).toEqual({
      value: 'c1',
      label: 'Ana',
      description: 'ana@example.com',
    });
    expect(
      toClientOption({ ...client, email: 'ana@example.com', phone: '(11) 98765-4321' }),
    ).toMatchObject({ description: 'ana@example.com · (11) 98765-4321' });
  });
});

describe('getBookingPreview', () => {
  const choice = toServiceChoices([service])[0];
  it.each([
    [choice, '09:00', 'Término às 09:45 · R$ 80,00'],
    [choice, '23:15', 'Término às 24:00 · R$ 80,00'],
    [choice, '23:30', null],
    [choice, '', null],
    [undefined, '09:00', null],
  ])('%j at %j -> %j', (service, time, preview) => {
    expect(getBookingPreview(service, time)).toBe(preview);
  });
});
