import { formatIsoDate, sumDurations, sumPriceCents, type PublicService } from '@agendaki/shared';

export interface BookingSummary {
  /** The chosen services, in the order the page lists them (the order they are booked in). */
  services: PublicService[];
  count: number;
  totalMinutes: number;
  totalPriceCents: number;
}

/** Totals of the chosen services (docs/product.md section 9: sums of durations and prices). */
export function summarizeSelection(
  services: readonly PublicService[],
  selectedIds: readonly string[],
): BookingSummary {
  const chosen = services.filter((service) => selectedIds.includes(service.id));
  return {
    services: chosen,
    count: chosen.length,
    totalMinutes: sumDurations(chosen),
    totalPriceCents: sumPriceCents(chosen),
  };
}

/** "1 serviço selecionado", "2 serviços selecionados". */
export function formatServiceCount(count: number, suffix: 'selecionado' | 'agendado'): string {
  return count === 1 ? `1 serviço ${suffix}` : `${count} serviços ${suffix}s`;
}

/** The success toast's description: "2 serviços agendados para 24/11/2026 às 09:00." */
export function describeBookedServices(count: number, date: string, time: string): string {
  return `${formatServiceCount(count, 'agendado')} para ${formatIsoDate(date)} às ${time}.`;
}
