import { z } from 'zod';

export const CUSTOM_LINK_MIN = 3;
export const CUSTOM_LINK_MAX = 40;

/** Words that would collide with the app's own routes or look official (docs/product.md, Custom link). */
export const RESERVED_LINKS: ReadonlySet<string> = new Set([
  'api',
  'auth',
  'book',
  'dashboard',
  'profissional',
  'admin',
  'static',
  'assets',
  'uploads',
  'login',
  'logout',
  'signup',
  'cadastro',
  'entrar',
  'sair',
  'suporte',
  'ajuda',
  'agendaki',
  'demo',
  'www',
  'app',
  'root',
  'system',
  'settings',
  'billing',
  'checkout',
  'health',
  'favicon',
]);

/**
 * A link shaped like a UUID (any case) could be taken for another professional's id in
 * /book/:identifier and /profissional/:identifier; ids and links must never meet.
 */
export function looksLikeUuid(value: string): boolean {
  return /^[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i.test(value);
}

/** Lowercases and keeps only a-z, 0-9 and hyphen: what the link inputs do while typing. */
export function normalizeCustomLink(input: string): string {
  return input.toLowerCase().replace(/[^a-z0-9-]/g, '');
}

/** "Salão da Maria!" -> "salao-da-maria": lowercase, accents removed, other runs become one hyphen. */
export function slugifyBusinessName(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CUSTOM_LINK_MAX - 5)
    .replace(/-+$/g, '');
  if (slug.length >= CUSTOM_LINK_MIN) return slug;
  return slug ? `agenda-${slug}` : 'agenda';
}

export const customLinkSchema = z
  .string({ error: 'Link inválido' })
  .min(CUSTOM_LINK_MIN, `O link deve ter pelo menos ${CUSTOM_LINK_MIN} caracteres`)
  .max(CUSTOM_LINK_MAX, `O link deve ter no máximo ${CUSTOM_LINK_MAX} caracteres`)
  .regex(/^[a-z0-9-]+$/, 'Use apenas letras minúsculas, números e hífen')
  .refine((value) => !RESERVED_LINKS.has(value), 'Este link é reservado. Escolha outro.')
  .refine(
    (value) => !looksLikeUuid(value),
    'O link não pode ter o formato de um código de identificação. Escolha outro.',
  );
