import { z } from 'zod';

/**
 * LGPD (Lei 13.709/2018, art. 18): a client's data exported or erased, the professional's
 * account exported or deleted (docs/decisions/012-lgpd.md).
 */

/** What an erased client is called everywhere, the Agenda included. */
export const ERASED_CLIENT_NAME = 'Cliente removido';

export const clientExportQuerySchema = z.object({
  format: z.enum(['json', 'csv'], { error: 'Formato inválido' }).default('json'),
});

export const eraseClientSchema = z.object({
  confirmName: z
    .string({ error: 'Digite o nome do cliente para confirmar' })
    .max(200, 'Nome muito longo'),
});
export type EraseClientInput = z.input<typeof eraseClientSchema>;

export const deleteAccountSchema = z.object({
  password: z
    .string({ error: 'Digite sua senha para confirmar' })
    .min(1, 'Digite sua senha para confirmar')
    .max(100, 'Senha muito longa'),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/**
 * Whether the typed confirmation is the client's name: the same letters in any case, spaces
 * at the ends and repeated spaces aside.
 */
export function isSameName(typed: string, name: string): boolean {
  const normalise = (value: string) =>
    value.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('pt-BR');
  return normalise(typed).length > 0 && normalise(typed) === normalise(name);
}
