import { z } from 'zod';
import { AUTH_MESSAGES } from './auth-schemas';
import {
  CUSTOM_LINK_MAX,
  customLinkSchema,
  normalizeCustomLink,
  RESERVED_LINKS,
} from './custom-link';
import { optionalPhone, optionalText, requiredText } from './text';
import { stateSchema } from './schedule-schemas';
import { isValidTimeZone } from './zoned-date';

/**
 * Configurações > Negócio and the custom-link editors (docs/product.md sections 5 and 7; docs/product.md,
 * Time and Custom link). The web forms and the server routes parse with these same schemas.
 */

export const PROFILE_NAME_MAX = 100;
export const PROFILE_PHONE_MAX = 20;
export const PROFILE_BIO_MAX = 500;
export const TIME_ZONE_MAX = 64;

export const PROFILE_MESSAGES = {
  phoneTooLong: 'Telefone muito longo',
  bioTooLong: `A bio deve ter no máximo ${PROFILE_BIO_MAX} caracteres`,
  timeZoneInvalid: 'Fuso horário inválido',
  /** docs/product.md section 8 (Meu Link): a save refused because another profile holds the link. */
  linkConflict: 'Link inválido ou já em uso.',
  linkTaken: 'Este link já está em uso. Escolha outro.',
} as const;

/** "Area/City" names as the IANA database writes them ("America/Sao_Paulo", "UTC", "Etc/GMT+3"). */
const IANA_NAME = /^[A-Z][A-Za-z0-9_+-]*(?:\/[A-Z0-9][A-Za-z0-9_+-]*)*$/;

/** An IANA zone name this runtime knows, spelled as the database spells it (no "+03:00"). */
export function isIanaTimeZone(value: string): boolean {
  return value.length <= TIME_ZONE_MAX && IANA_NAME.test(value) && isValidTimeZone(value);
}

/** `PATCH /api/profile`: the business data of Configurações > Negócio. */
export const profileUpdateSchema = z.object({
  professionalName: requiredText({
    max: PROFILE_NAME_MAX,
    required: AUTH_MESSAGES.professionalNameRequired,
    tooLong: AUTH_MESSAGES.professionalNameTooLong,
  }),
  businessName: requiredText({
    max: PROFILE_NAME_MAX,
    required: AUTH_MESSAGES.businessNameRequired,
    tooLong: AUTH_MESSAGES.businessNameTooLong,
  }),
  phone: optionalPhone(PROFILE_PHONE_MAX, PROFILE_MESSAGES.phoneTooLong),
  bio: optionalText(PROFILE_BIO_MAX, PROFILE_MESSAGES.bioTooLong, { multiline: true }),
  timezone: z
    .string({ error: PROFILE_MESSAGES.timeZoneInvalid })
    .trim()
    .refine(isIanaTimeZone, PROFILE_MESSAGES.timeZoneInvalid),
  /** UF for the state's holidays (docs/decisions/009-real-week.md); absent leaves it as is. */
  state: stateSchema.nullable().optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** `PUT /api/profile/link`: exactly what will be stored; the editors normalize while typing. */
export const customLinkUpdateSchema = z.object({ customLink: customLinkSchema });
export type CustomLinkUpdate = z.infer<typeof customLinkUpdateSchema>;

export const LINK_UNAVAILABLE_REASONS = ['invalid', 'reserved', 'taken'] as const;
export type LinkUnavailableReason = (typeof LINK_UNAVAILABLE_REASONS)[number];

/** `GET /api/profile/link-availability?link=`: any text; it is normalized before the check. */
export const linkAvailabilityQuerySchema = z.object({
  link: z
    .string({ error: 'Link inválido' })
    .max(CUSTOM_LINK_MAX * 4, `O link deve ter no máximo ${CUSTOM_LINK_MAX} caracteres`)
    .default(''),
});

export const linkAvailabilitySchema = z.object({
  /** The candidate after normalization: what a save would store. */
  link: z.string(),
  available: z.boolean(),
  reason: z.enum(LINK_UNAVAILABLE_REASONS).optional(),
  /** Why it is unavailable, in pt-BR, ready to show under the field. */
  message: z.string().optional(),
});
export type LinkAvailability = z.infer<typeof linkAvailabilitySchema>;

/**
 * The rule of docs/product.md (Custom link) without the uniqueness part, which only the server can
 * answer: normalizes `input`, then tells whether it may be a link at all, and why not.
 */
export function checkCustomLinkRule(input: string): LinkAvailability {
  const link = normalizeCustomLink(input);
  const result = customLinkSchema.safeParse(link);
  if (result.success) return { link, available: true };
  const reason: LinkUnavailableReason = RESERVED_LINKS.has(link) ? 'reserved' : 'invalid';
  return {
    link,
    available: false,
    reason,
    message: result.error.issues[0]?.message ?? 'Link inválido',
  };
}
