import type { Appointment } from '@agendaki/shared';
import { describe, expect, it } from 'vitest';
import { toAppointmentsCsv } from './csv';

const appointment: Appointment = {
  id: 'a1',
  clientId: 'c1',
  serviceId: 's1',
  appointmentDate: '2026-11-21',
  startTime: '09:30',
  endTime: '10:15',
  totalPrice: '1234.5',
  totalPriceCents: 123_450,
  status: 'no_show',
  notes: 'Trazer; "referência"',
  createdAt: '2026-11-01T12:00:00.000Z',
  client: { id: 'c1', name: '=Ana', email: null, phone: '11987654321' },
  service: { id: 's1', name: 'Escova', price: '1234.50', durationMinutes: 45 },
};

describe('the appointments CSV of Relatórios', () => {
  it('writes the pt-BR Excel form: BOM, ; and CRLF, dd/MM/yyyy, comma money, labels', () => {
    expect(toAppointmentsCsv([appointment])).toBe(
      '\uFEFFData;Início;Fim;Cliente;Telefone;Email;Serviço;Valor (R$);Status;Observações\r\n' +
        `21/11/2026;09:30;10:15;'=Ana;(11) 98765-4321;;Escova;1234,50;Não compareceu;"Trazer; ""referência"""\r\n`,
    );
  });

  it('is the header alone for a period without appointments', () => {
    expect(toAppointmentsCsv([])).toBe(
      '\uFEFFData;Início;Fim;Cliente;Telefone;Email;Serviço;Valor (R$);Status;Observações\r\n',
    );
  });
});
