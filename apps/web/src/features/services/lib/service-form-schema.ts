import {
  SERVICE_DURATION_DEFAULT,
  serviceDurationSchema,
  serviceInputSchema,
  servicePriceSchema,
  type Service,
} from '@agendaki/shared';
import { z } from 'zod';

/** Reads the price field: bad or negative input falls back to 0 (docs/product.md section 5). */
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

/**
 * The service form: the shared API rules, with price and duration typed as text in inputs and
 * turned into numbers (with the fallbacks) before those rules run.
 */
export const serviceFormSchema = z.object({
  name: serviceInputSchema.shape.name,
  description: serviceInputSchema.shape.description,
  price: z.string().transform(parsePriceInput).pipe(servicePriceSchema),
  durationMinutes: z.string().transform(parseDurationInput).pipe(serviceDurationSchema),
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
    isActive: service?.isActive ?? true,
  };
}
