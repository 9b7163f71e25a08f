import { describe, expect, it } from 'vitest';
import { corte, escova, makeService } from '../testing/fixtures';
import { describeBookedServices, formatServiceCount, summarizeSelection } from './booking-summary';

describe('booking summary', () => {
  const manicure = makeService({ name: 'Manicure', priceCents: 3550, durationMinutes: 40 });
  const services = [corte, escova, manicure];

  it('sums durations and prices of the chosen services, in the listed order', () => {
    const summary = summarizeSelection(services, [manicure.id, corte.id]);
    expect(summary.services.map((s) => s.name)).toEqual(['Corte feminino', 'Manicure']);
    expect(summary).toMatchObject({ count: 2, totalMinutes: 100, totalPriceCents: 11550 });
  });

  it('is empty with nothing chosen', () => {
    expect(summarizeSelection(services, [])).toMatchObject({
      count: 0,
      totalMinutes: 0,
      totalPriceCents: 0,
    });
  });

  it('speaks singular and plural', () => {
    expect(formatServiceCount(1, 'selecionado')).toBe('1 serviço selecionado');
    expect(formatServiceCount(3, 'selecionado')).toBe('3 serviços selecionados');
  });

  it('describes the booking for the success toast', () => {
    expect(describeBookedServices(2, '2026-11-24', '09:00')).toBe(
      '2 serviços agendados para 24/11/2026 às 09:00.',
    );
    expect(describeBookedServices(1, '2026-11-24', '14:30')).toBe(
      '1 serviço agendado para 24/11/2026 às 14:30.',
    );
  });
});
