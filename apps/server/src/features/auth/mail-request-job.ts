import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { sendJob } from '../../db/queue';
import { AUTH_MAIL_REQUEST_QUEUE } from '../../db/queues';
import type { Clock } from '../../lib/clock';
import type { SecretBox } from '../../lib/secret-box';
import type { JobWorker } from '../../plugins/jobs';
import { enqueueMail } from '../mail/service';
import { renderResetPasswordMail, renderSignInLinkMail } from '../../lib/mail-templates';
import { findUserByEmail, insertToken } from './repo';
import { createToken, TOKEN_TTL_MS, tokenIdentifier } from './tokens';

/**
 * A mailed link asked for by address (issue 44, finding 12): the HTTP request only sends this
 * job, the same statements for an address with or without an account, so its timing tells
 * nothing; the account lookup, the token and the mail happen here, off the request.
 */
export type MailRequestPurpose = 'reset-password' | 'sign-in';

/**
 * The address travels sealed: a job row outlives an account's deletion until pg-boss archives
 * it, and no copy of the database may hold a deleted person's e-mail (finding 8).
 */
export interface MailRequestJobData {
  purpose: MailRequestPurpose;
  sealedEmail: string;
}

export interface MailRequestDeps {
  db: Db;
  box: SecretBox;
  clock: Clock;
  publicUrl: string;
}

const sealContext = (purpose: MailRequestPurpose) => `auth-mail-request:${purpose}`;

/** What the request does, whatever the address: one job sent. */
export async function requestMailedLink(
  { db, box }: Pick<MailRequestDeps, 'db' | 'box'>,
  purpose: MailRequestPurpose,
  email: string,
): Promise<void> {
  const data: MailRequestJobData = { purpose, sealedEmail: box.seal(email, sealContext(purpose)) };
  await sendJob(db, AUTH_MAIL_REQUEST_QUEUE, data);
}

const LINK_PATHS: Record<MailRequestJobData['purpose'], string> = {
  'reset-password': '/auth/nova-senha',
  'sign-in': '/api/auth/sign-in-link',
};

/** Stores the link's hash and queues its mail, or nothing for an address without an account. */
export async function mailLink(deps: MailRequestDeps, data: MailRequestJobData): Promise<void> {
  const email = deps.box.open(data.sealedEmail, sealContext(data.purpose));
  const target = await findUserByEmail(deps.db, email);
  if (!target) return;
  const now = deps.clock.now();
  const token = createToken();
  const link = `${deps.publicUrl}${LINK_PATHS[data.purpose]}?token=${encodeURIComponent(token)}`;
  const render = data.purpose === 'sign-in' ? renderSignInLinkMail : renderResetPasswordMail;
  await deps.db.transaction(async (tx) => {
    await insertToken(tx, {
      id: randomUUID(),
      identifier: tokenIdentifier(data.purpose, token),
      userId: target.id,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[data.purpose]),
      now,
    });
    await enqueueMail({ db: tx }, render({ to: target.email, name: target.name, link }), now);
  });
}

export function createMailRequestJob(deps: MailRequestDeps): JobWorker<MailRequestJobData> {
  return {
    queue: AUTH_MAIL_REQUEST_QUEUE,
    // As the mail queue: a requested link is on its way within a few seconds.
    pollingIntervalSeconds: 2,
    handle: (job) => mailLink(deps, job.data),
  };
}
