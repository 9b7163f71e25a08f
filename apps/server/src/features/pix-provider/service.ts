import {
  type PixProviderCredentialsInput,
  type PixProviderStatus,
  pixProviderCredentialsInputSchema,
  pixWebhookPath,
} from '@agendaki/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { SecretBox } from '../../lib/secret-box';
import type { PixProvider } from './provider';
import { credentialContext as context } from './credentials';
import * as repo from './repo';

export { openCredentials } from './credentials';
export { prepareDynamicCharge, type DynamicCharge, type DynamicChargeDeps } from './charge';

/**
 * The professional's own PSP credentials (docs/decisions/018-pix-provider.md): checked by one
 * cheap call to the PSP before they are kept, sealed at rest, never answered back.
 */
export interface PixProviderDeps {
  db: Db;
  clock: Clock;
  box: SecretBox;
  provider: PixProvider;
  publicUrl: string;
}

export async function getProviderStatus(
  deps: Pick<PixProviderDeps, 'db' | 'publicUrl' | 'provider'>,
  professionalId: string,
): Promise<PixProviderStatus> {
  const row = await repo.findCredentials(deps.db, professionalId);
  return {
    provider: deps.provider.name,
    configured: Boolean(row),
    webhookUrl: `${deps.publicUrl}${pixWebhookPath(deps.provider.name, professionalId)}`,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

/** Checks the token at the PSP (400 in pt-BR when refused), then keeps both values sealed. */
export async function saveCredentials(
  deps: PixProviderDeps,
  professionalId: string,
  input: PixProviderCredentialsInput,
): Promise<PixProviderStatus> {
  const parsed = pixProviderCredentialsInputSchema.parse(input);
  await deps.provider.checkCredentials({ accessToken: parsed.accessToken });
  await repo.upsertCredentials(
    deps.db,
    {
      professionalId,
      provider: parsed.provider,
      accessTokenSealed: deps.box.seal(parsed.accessToken, context(professionalId, 'access-token')),
      webhookSecretSealed: deps.box.seal(
        parsed.webhookSecret,
        context(professionalId, 'webhook-secret'),
      ),
    },
    deps.clock.now(),
  );
  return getProviderStatus(deps, professionalId);
}

export async function removeCredentials(
  deps: Pick<PixProviderDeps, 'db' | 'publicUrl' | 'provider'>,
  professionalId: string,
): Promise<PixProviderStatus> {
  await repo.deleteCredentials(deps.db, professionalId);
  return getProviderStatus(deps, professionalId);
}

/** Whether the professional has PSP credentials (one cheap read, before anything is planned). */
export async function hasCredentials(db: Db, professionalId: string): Promise<boolean> {
  return Boolean(await repo.findCredentials(db, professionalId));
}

/**
 * The server secret changed (features/auth/server-secret.ts): every credential is sealed again
 * with the new key. One that no longer opens with the old key stays as it is (it was unreadable
 * already; the professional enters it again). The number sealed again.
 */
export async function resealAllCredentials(
  db: Db,
  from: SecretBox,
  to: SecretBox,
): Promise<number> {
  let resealed = 0;
  for (const row of await repo.findAllCredentials(db)) {
    const fields = ['access-token', 'webhook-secret'] as const;
    let opened: string[];
    try {
      opened = [
        from.open(row.accessTokenSealed, context(row.professionalId, fields[0])),
        from.open(row.webhookSecretSealed, context(row.professionalId, fields[1])),
      ];
    } catch {
      continue;
    }
    await repo.upsertCredentials(
      db,
      {
        ...row,
        accessTokenSealed: to.seal(opened[0]!, context(row.professionalId, fields[0])),
        webhookSecretSealed: to.seal(opened[1]!, context(row.professionalId, fields[1])),
      },
      row.updatedAt,
    );
    resealed += 1;
  }
  return resealed;
}
