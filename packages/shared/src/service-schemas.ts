import { z } from 'zod';
import { requiredName } from './client-schemas';
import { optionalText } from './text';

export const SERVICE_NAME_MAX = 100;
export const SERVICE_DESCRIPTION_MAX = 1000;
export const SERVICE_DURATION_MIN = 1;
export const SERVICE_DURATION_MAX = 1440;
export const SERVICE_DURATION_DEFAULT = 60;
/** numeric(10, 2) holds up to 99,999,999.99. */
export const SERVICE_PRICE_MAX = 99_999_999.99;

/** Service image rules (docs/product.md section 5): checked by the form, enforced by the server. */
export const SERVICE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const SERVICE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type ServiceImageType = (typeof SERVICE_IMAGE_TYPES)[number];
export const IMAGE_TYPE_ERROR = 'Tipo de arquivo inválido';
export const IMAGE_TYPE_DETAIL = 'Por favor, selecione uma imagem (JPG, PNG, WEBP ou GIF)';
export const IMAGE_SIZE_ERROR = 'Arquivo muito grande';
export const IMAGE_SIZE_DETAIL = 'O tamanho máximo permitido é 5MB';
/** Longest side and pixel count an upload may claim (docs/decisions/030), read from its header. */
export const SERVICE_IMAGE_MAX_SIDE = 10_000;
export const SERVICE_IMAGE_MAX_PIXELS = 50_000_000;
export const IMAGE_DIMENSIONS_ERROR = 'Imagem grande demais';
export const IMAGE_DIMENSIONS_DETAIL =
  'A imagem pode ter no máximo 10.000 pixels de largura e de altura (50 megapixels no total).';

function hasAtMostTwoDecimals(value: number): boolean {
  const cents = value * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

/**
 * Price in reais. The form falls back to 0 on bad input (docs/product.md section 5); the API refuses it.
 */
export const servicePriceSchema = z
  .number({ error: 'Preço inválido' })
  .min(0, 'O preço não pode ser negativo')
  .max(SERVICE_PRICE_MAX, 'Preço muito alto')
  .refine(hasAtMostTwoDecimals, 'O preço deve ter no máximo duas casas decimais');

export const serviceDurationSchema = z
  .number({ error: 'Duração inválida' })
  .int('A duração deve ser um número inteiro de minutos')
  .min(SERVICE_DURATION_MIN, 'A duração deve ser de pelo menos 1 minuto')
  .max(SERVICE_DURATION_MAX, 'A duração deve ser de no máximo 1440 minutos (24 horas)');

export const SERVICE_BUFFER_MAX = 120;

/** "Intervalo após" (docs/decisions/009-real-week.md): minutes kept free after the service. */
export const serviceBufferSchema = z
  .number({ error: 'Intervalo inválido' })
  .int('O intervalo deve ser um número inteiro de minutos')
  .min(0, 'O intervalo não pode ser negativo')
  .max(SERVICE_BUFFER_MAX, 'O intervalo deve ser de no máximo 120 minutos');

const serviceFields = {
  name: requiredName(SERVICE_NAME_MAX),
  description: optionalText(SERVICE_DESCRIPTION_MAX, 'Descrição muito longa', {
    multiline: true,
  }),
  price: servicePriceSchema,
  durationMinutes: serviceDurationSchema,
  bufferMinutes: serviceBufferSchema,
  isActive: z.boolean({ error: 'Valor inválido para ativo' }),
};

/** Service form and `POST /api/services`; a new service is active unless told otherwise. */
export const serviceInputSchema = z.object({
  ...serviceFields,
  bufferMinutes: serviceBufferSchema.default(0),
  isActive: serviceFields.isActive.optional(),
});
export type ServiceInput = z.input<typeof serviceInputSchema>;

/** `PATCH /api/services/:id`: any subset of the fields. */
export const serviceUpdateSchema = z.object(serviceFields).partial();
export type ServiceUpdate = z.input<typeof serviceUpdateSchema>;

export const serviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Decimal string with two places, as stored: "49.90". */
  price: z.string(),
  priceCents: z.number().int(),
  durationMinutes: z.number().int(),
  bufferMinutes: z.number().int(),
  /** The photo, at most 1024 px on its longest side. */
  imageUrl: z.string().nullable(),
  /** A 192 px square of it; null for photos stored before thumbnails (decision 020). */
  thumbnailUrl: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type Service = z.infer<typeof serviceSchema>;

export const serviceListQuerySchema = z.object({
  /** true: only active services, by name (forms, public page); otherwise all, newest first. */
  active: z
    .enum(['true', 'false'], { error: 'Filtro inválido' })
    .optional()
    .transform((value) => value === 'true'),
});
