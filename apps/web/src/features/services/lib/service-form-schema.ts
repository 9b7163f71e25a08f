import {
  formatCentsForInput,
  moneyTextSchema,
  SERVICE_DURATION_DEFAULT,
  serviceBufferSchema,
  serviceDurationSchema,
  serviceInputSchema,
  servicePriceSchema,
  type Service,
} from '@agendaki/shared';
import { z } from 'zod';

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
 * turned into numbers before those rules run. The price is read as BRL is typed in Brazil
 * (`45,50`, `R$ 1.234,56`) into exact cents; what cannot be read is refused with a message
 * rather than saved as some other amount. The API takes reais: cents / 100 is the double
 * nearest the amount, which the server's toFixed(2) turns back into the exact decimal.
 */
export const serviceFormSchema = z.object({
  name: serviceInputSchema.shape.name,
  description: serviceInputSchema.shape.description,
  price: moneyTextSchema('Informe o preço')
    .transform((cents) => cents / 100)
    .pipe(servicePriceSchema),
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
    price: service ? formatCentsForInput(service.priceCents) : '',
    durationMinutes: String(service?.durationMinutes ?? SERVICE_DURATION_DEFAULT),
    bufferMinutes: String(service?.bufferMinutes ?? 0),
    isActive: service?.isActive ?? true,
  };
}
