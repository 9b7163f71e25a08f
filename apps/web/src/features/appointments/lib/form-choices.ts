import {
  addMinutesToTime,
  formatCurrency,
  formatPhone,
  isValidTime,
  timeToMinutes,
  type Appointment,
  type Client,
  type Service,
} from '@agendaki/shared';
import type { ComboboxOption } from '@/components/ui/combobox';

export interface ServiceChoice {
  id: string;
  label: string;
  price: string;
  durationMinutes: number;
}

/** A client as the picker lists it: the name, and the e-mail or phone that tells namesakes apart. */
export function toClientOption(
  client: Pick<Client, 'id' | 'name' | 'email' | 'phone'>,
): ComboboxOption {
  const phone = client.phone ? formatPhone(client.phone) : null;
  const description = [client.email, phone].filter(Boolean).join(' · ');
  return { value: client.id, label: client.name, ...(description ? { description } : {}) };
}

/**
 * The active services the form offers. The edited appointment's own service stays choosable
 * even after it was deactivated.
 */
export function toServiceChoices(
  services: readonly Service[],
  appointment?: Appointment,
): ServiceChoice[] {
  const choices = services.map((s) => ({
    id: s.id,
    label: s.name,
    price: s.price,
    durationMinutes: s.durationMinutes,
  }));
  if (appointment && !choices.some((s) => s.id === appointment.serviceId)) {
    choices.unshift({
      id: appointment.serviceId,
      label: appointment.service.name,
      price: appointment.service.price,
      durationMinutes: appointment.service.durationMinutes,
    });
  }
  return choices;
}

/** "Corte · R$ 80,00 · 60 min" */
export function describeService(service: ServiceChoice): string {
  return `${service.label} · ${formatCurrency(service.price)} · ${service.durationMinutes} min`;
}

/**
 * The end time and value the server will compute (docs/product.md section 9: end = start + duration;
 * value = the service's price), or null until both are known or when it would pass midnight.
 */
export function getBookingPreview(
  service: ServiceChoice | undefined,
  startTime: string,
): string | null {
  if (!service || !isValidTime(startTime)) return null;
  if (timeToMinutes(startTime) + service.durationMinutes > 24 * 60) return null;
  return `Término às ${addMinutesToTime(startTime, service.durationMinutes)} · ${formatCurrency(service.price)}`;
}
