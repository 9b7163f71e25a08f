import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { renderConfirmAccountMail } from '../../lib/mail-templates';
import { enqueueMail } from '../mail/service';
import { insertToken, type UserRow } from './repo';
import { createToken, TOKEN_TTL_MS, tokenIdentifier } from './tokens';

export type MailTarget = Pick<UserRow, 'id' | 'email' | 'name'>;

/** Stores a fresh confirmation token and its mail; `tx` keeps both with the change. */
export async function queueVerificationMail(
  tx: Db,
  publicUrl: string,
  target: MailTarget,
  now: Date,
): Promise<void> {
  const token = createToken();
  await insertToken(tx, {
    id: randomUUID(),
    identifier: tokenIdentifier('verify-email', token),
    userId: target.id,
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS['verify-email']),
    now,
  });
  const link = `${publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`;
  await enqueueMail(
    { db: tx },
    renderConfirmAccountMail({ to: target.email, name: target.name, link }),
    now,
  );
}
