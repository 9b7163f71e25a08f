import { z } from 'zod';
import { containsLink, NAME_WITH_LINK_MESSAGE } from './links';
import { optionalPhone, optionalText, requiredText } from './text';

export const CLIENT_NAME_MAX = 100;
export const CLIENT_EMAIL_MAX = 255;
export const CLIENT_PHONE_MAX = 20;
export const CLIENT_NOTES_MAX = 1000;
export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
export const SEARCH_MAX = 100;

/** Name rule of docs/product.md section 5 (client form), shared by the services' name. */
export function requiredName(max: number) {
  return requiredText({ max, required: 'Nome é obrigatório', tooLong: 'Nome muito longo' });
}

/**
 * A client's name (client form and booking form): the name rule, and no link or domain in it,
 * since it is shown in mails and notices (issue 44).
 */
export function clientName(max: number) {
  return requiredName(max).refine((value) => !containsLink(value), NAME_WITH_LINK_MESSAGE);
}

const clientEmail = z
  .string({ error: 'Email inválido' })
  .trim()
  .max(CLIENT_EMAIL_MAX, 'Email muito longo')
  .refine((value) => value === '' || z.email().safeParse(value).success, 'Email inválido')
  .nullish()
  .transform((value) => (value ? value : null));

/** Client form and API body (docs/product.md section 5, client form). */
export const clientInputSchema = z.object({
  name: clientName(CLIENT_NAME_MAX),
  email: clientEmail,
  phone: optionalPhone(CLIENT_PHONE_MAX, 'Telefone muito longo'),
  notes: optionalText(CLIENT_NOTES_MAX, 'Notas muito longas', { multiline: true }),
});
export type ClientInput = z.input<typeof clientInputSchema>;

export const clientUpdateSchema = clientInputSchema.partial();
export type ClientUpdate = z.input<typeof clientUpdateSchema>;

export const clientSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type Client = z.infer<typeof clientSchema>;

/** A client as the Clientes list shows it: with their no-shows ("Não compareceu"). */
export const clientListItemSchema = clientSchema.extend({ noShowCount: z.number().int() });
export type ClientListItem = z.infer<typeof clientListItemSchema>;

/** `?page=&pageSize=` of every paginated list; numbers arrive as strings in a query. */
export const pageQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'Página inválida' })
    .int('Página inválida')
    .min(1, 'Página inválida')
    .max(100_000, 'Página inválida')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Tamanho de página inválido' })
    .int('Tamanho de página inválido')
    .min(1, 'Tamanho de página inválido')
    .max(MAX_PAGE_SIZE, `O tamanho da página deve ser no máximo ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
});

export const searchQuerySchema = z
  .string()
  .trim()
  .max(SEARCH_MAX, 'Busca muito longa')
  .optional()
  .transform((value) => (value ? value : undefined));

const PHONE_LIKE = /^[\d\s()+.-]+$/;

/** A search as the database matches it: a LIKE pattern over digits or over unaccented text. */
export interface SearchTerm {
  kind: 'digits' | 'text';
  pattern: string;
}

/**
 * How the server matches a search text (clients, appointments): text that looks like a phone
 * ("98765-43", "(11) 9876") is matched by its digits against the phone's digits; any other text
 * against name and e-mail, ignoring case and accents. `pattern` is a LIKE pattern, escaped.
 */
export function toSearchTerm(search: string): SearchTerm {
  const digits = search.replace(/\D/g, '');
  if (PHONE_LIKE.test(search) && digits.length > 0)
    return { kind: 'digits', pattern: `%${digits}%` };
  return { kind: 'text', pattern: `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` };
}

export const clientListQuerySchema = pageQuerySchema.extend({
  search: searchQuerySchema,
  /** recent: newest first (the Clientes screen); name: alphabetical (the appointment form). */
  sort: z.enum(['recent', 'name'], { error: 'Ordenação inválida' }).default('recent'),
});
export type ClientListQuery = z.input<typeof clientListQuerySchema>;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
