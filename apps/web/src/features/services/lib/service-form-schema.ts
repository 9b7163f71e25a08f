import {
  SERVICE_DURATION_DEFAULT,
  serviceBufferSchema,
  serviceDurationSchema,
  serviceInputSchema,
  servicePriceSchema,
  type Service,
} from '@agendaki/shared';
import { z } from 'zod';

/** Reads the price field: bad or negative input falls back to 0 (SPEC.md section 5). */
export function parsePriceInput(raw: string): number {
  const value = Number(raw.trim().replace(',', '.'));
  if (raw.trim() === '' || !Number.isFinite(value) || value < 0) return 0;
  return Math.round(value * 100) / 100;
}

/** Reads the duration field: bad input or less than 1 minute falls back to 60. */
export function parseDurationInput(raw: string): number {
  const value = Number(raw.trim());
  if (raw.trim() === '' || !Number.isInteger(value) || value < 1) return SERVICE_DURATION_DEFAULT;
  return value;
}

/** Reads "Intervalo após": empty means no buffer; anything else is checked by the shared rule. */
export function parseBufferInput(raw: string): number {
  return raw.trim() === '' ? 0 : Number(raw.trim());
}

/**
 * The service form: the shared API rules, with price and duration typed as text in inputs and
 * turned into numbers (with the fallbacks) before those rules run.
 */
export const serviceFormSchema = z.object({
  name: serviceInputSchema.shape.name,
  description: serviceInputSchema.shape.description,
  price: z.string().transform(parsePriceInput).pipe(servicePriceSchema),
  durationMinutes: z.string().transform(parseDurationInput).pipe(serviceDurationSchema),
  bufferMinutes: z.string().transform(parseBufferInput).pipe(serviceBufferSchema),
  isActive: z.boolean(),
});
export type ServiceFormValues = z.input<typeof serviceFormSchema>;
export type ServiceFormOutput = z.output<typeof serviceFormSchema>;

export function toServiceFormValues(service?: Service): ServiceFormValues {
  return {
    name: service?.name ?? '',
    description: service?.description ?? '',
    price: service ? service.price : '',
    durationMinutes: String(service?.durationMinutes ?? SERVICE_DURATION_DEFAULT),
    bufferMinutes: String(service?.bufferMinutes ?? 0),
    isActive: service?.isActive ?? true,
  };
}
