import type { Db } from '../../db/client';
import type { SecretBox } from '../../lib/secret-box';
import type { PixCredentials } from './provider';
import * as repo from './repo';

/** What each sealed field is bound to: a token sealed for one professional opens for no other. */
export const credentialContext = (
  professionalId: string,
  field: 'access-token' | 'webhook-secret',
) => `pix:${professionalId.toLowerCase()}:${field}`;

/** The opened credentials of a professional, or null: none configured (static Pix only). */
export async function openCredentials(
  deps: { db: Db; box: SecretBox },
  professionalId: string,
): Promise<{ credentials: PixCredentials; webhookSecret: string } | null> {
  const row = await repo.findCredentials(deps.db, professionalId);
  if (!row) return null;
  return {
    credentials: {
      accessToken: deps.box.open(
        row.accessTokenSealed,
        credentialContext(professionalId, 'access-token'),
      ),
    },
    webhookSecret: deps.box.open(
      row.webhookSecretSealed,
      credentialContext(professionalId, 'webhook-secret'),
    ),
  };
}
