import { z } from 'zod';
import { AUTH_MESSAGES } from './auth-schemas';
import { optionalText } from './client-schemas';
import {
  CUSTOM_LINK_MAX,
  customLinkSchema,
  normalizeCustomLink,
  RESERVED_LINKS,
} from './custom-link';
import { stateSchema } from './schedule-schemas';
import { isValidTimeZone } from './zoned-date';

/**
 * Configurações > Negócio and the custom-link editors (SPEC.md sections 5 and 7; DECISIONS.md,
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
  /** SPEC.md section 8 (Meu Link): a save refused because another profile holds the link. */
  linkConflict: 'Link inválido ou já em uso.',
  linkTaken: 'Este link já está em uso. Escolha outro.',
} as const;

/** "Area/City" names as the IANA database writes them ("America/Sao_Paulo", "UTC", "Etc/GMT+3"). */
const IANA_NAME = /^[A-Z][A-Za-z0-9_+-]*(?:\/[A-Z0-9][A-Za-z0-9_+-]*)*$/;

/** An IANA zone name this runtime knows, spelled as the database spells it (no "+03:00"). */
export function isIanaTimeZone(value: string): boolean {
  return value.length <= TIME_ZONE_MAX && IANA_NAME.test(value) && isValidTimeZone(value);
}

function requiredText(required: string, tooLong: string) {
  return z.string({ error: required }).trim().min(1, required).max(PROFILE_NAME_MAX, tooLong);
}

/** `PATCH /api/profile`: the business data of Configurações > Negócio. */
export const profileUpdateSchema = z.object({
  professionalName: requiredText(
    AUTH_MESSAGES.professionalNameRequired,
    AUTH_MESSAGES.professionalNameTooLong,
  ),
  businessName: requiredText(AUTH_MESSAGES.businessNameRequired, AUTH_MESSAGES.businessNameTooLong),
  phone: optionalText(PROFILE_PHONE_MAX, PROFILE_MESSAGES.phoneTooLong),
  bio: optionalText(PROFILE_BIO_MAX, PROFILE_MESSAGES.bioTooLong),
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
 * The rule of DECISIONS.md (Custom link) without the uniqueness part, which only the server can
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
