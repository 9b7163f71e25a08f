import { isSameName, PUSH_KINDS, type Client } from '@agendaki/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { deleteJobsAt } from '../../db/queue';
import { deletePushJobsOfAccount } from '../push/service';
import { DEPOSIT_QUEUE, PACKAGE_EXPIRY_QUEUE, REMINDER_QUEUE } from '../../db/queues';
import type { Scrubber } from '../../db/scrub';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Professional } from '../../plugins/auth';
import {
  clearClientNotes,
  deleteAllAppointments,
  reminderKey,
  streamAppointments,
} from '../appointments/service';
import type { createAccountDeletionService } from '../auth/service';
import { cancelSubscriptionAtProvider, deleteBillingEventsOfUser } from '../billing/service';
import type { PaymentProvider } from '../billing/service';
import { eraseClientData, requireOwnClient, streamClients } from '../clients/service';
import { isDemoProfessional } from '../../lib/demo';
import type { SecretBox } from '../../lib/secret-box';
import { forgetAccountInAudit } from '../admin/service';
import { answersOfClient, deleteAnswersOfClient } from '../anamnesis/service';
import { comebackDataOfClient, deleteComebackDataOfClient } from '../comeback/service';
import { depositJobKey } from '../deposits/service';
import { deleteMailsOfAccount, deleteMailsOfClient } from '../mail/service';
import { getProfileByUserId } from '../profile/service';
import { deleteAllPackages, listAllClientPackages, packageExpiryKey } from '../packages/service';
import { deleteAllClosings, eraseClientPayments } from '../payments/service';
import { deleteWhatsappOfClient } from '../whatsapp/service';
import { lockServiceImageFiles } from '../services/service';
import type { FileStorage } from '../storage/service';
import { clientCsv, toClientExport } from './exports';
import { deleteWaitlistOfContact } from '../waitlist/service';
import { clientMoneyCsv, clientMoneyJson } from './money-exports';

/**
 * LGPD (docs/decisions/012-lgpd.md): a client's data exported or erased, the professional's
 * account deleted. Each feature erases its own rows (decision 010); this service runs them in
 * one transaction, in an order the foreign keys accept.
 */
export interface PrivacyDeps {
  db: Db;
  clock: Clock;
  storage: FileStorage;
  provider: PaymentProvider;
  accounts: ReturnType<typeof createAccountDeletionService>;
  log: FastifyBaseLogger;
  /** Rewrites what the erasure left in the database's files, after the commit (decision 030). */
  scrubber: Scrubber;
  /** Opens the client's anamnesis answers for her export (lib/secret-box.ts). */
  box: SecretBox;
}

export const NAME_MISMATCH_MESSAGE =
  'O nome digitado não confere com o nome do cliente. Digite-o exatamente como aparece.';
export const DEMO_ACCOUNT_MESSAGE = 'A conta de demonstração não pode ser excluída.';

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

// ------------------------------------------------------------------ one client

export interface ExportFile {
  filename: string;
  contentType: string;
  body: string;
}

/** A slug of the client's name for the file name (ASCII, so every browser keeps it). */
function fileSlug(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);
  return slug || 'cliente';
}

/** "Exportar dados": the client and all their appointments, as JSON or as CSV. */
export async function exportClient(
  { db, clock, box }: Pick<PrivacyDeps, 'db' | 'clock' | 'box'>,
  professional: Professional,
  clientId: string,
  format: 'json' | 'csv',
): Promise<ExportFile> {
  const client = await requireOwnClient({ db }, professional.profileId, clientId);
  // One client's appointments: a person's history, small enough to hold.
  const appointments = await collect(
    streamAppointments({ db }, professional.profileId, { clientId: client.id }),
  );
  const filename = `dados-${fileSlug(client.name)}.${format}`;
  if (format === 'json') {
    // Her payments (issue 49), messages and consent choices (issue 50) with the rest of her data.
    const money = await clientMoneyJson(db, professional.profileId, client.id);
    const extra = await comebackDataOfClient(db, professional.profileId, client.id);
    const forms = await answersOfClient({ db, box }, professional.profileId, client.id);
    const fichas = forms.map((form) => ({
      ficha: form.formName,
      versao: form.version,
      respondidaEm: form.answeredAt,
      consentimentoEm: form.consentedAt,
      respostas: form.items.map((item) => ({ pergunta: item.label, resposta: item.answer })),
    }));
    const exported = {
      ...toClientExport(client, appointments, clock.now()),
      ...money,
      ...extra,
      fichas,
    };
    const body = JSON.stringify(exported, null, 2);
    return { filename, contentType: 'application/json; charset=utf-8', body };
  }
  const body = [
    ...(await collect(clientCsv(client, appointments, professional.timezone))),
    ...(await collect(
      clientMoneyCsv(db, professional.profileId, client.id, professional.timezone),
    )),
  ].join('');
  return { filename, contentType: 'text/csv; charset=utf-8', body };
}

/**
 * "Excluir dados pessoais": irreversible, confirmed by the client's name typed. The client row
 * stays as "Cliente removido" without e-mail, phone or notes, so their appointments (and the
 * revenue) stay right; the appointments lose the notes the client typed; mails about them and
 * their jobs are deleted. One transaction.
 */
export async function eraseClient(
  deps: Pick<PrivacyDeps, 'db' | 'clock' | 'scrubber' | 'log'>,
  professional: Professional,
  clientId: string,
  confirmName: string,
): Promise<Client> {
  const { profileId } = professional;
  const client = await requireOwnClient(deps, profileId, clientId);
  if (!isSameName(confirmName, client.name)) {
    throw new AppError('BAD_REQUEST', NAME_MISMATCH_MESSAGE);
  }
  const erased = await deps.db.transaction(async (tx) => {
    const txDeps = { ...deps, db: tx };
    const erased = await eraseClientData(txDeps, profileId, client.id);
    await clearClientNotes(txDeps, profileId, client.id);
    // The amounts stay (the professional's accounting); her words about the client go.
    await eraseClientPayments({ db: tx }, profileId, client.id);
    await deleteComebackDataOfClient(tx, profileId, client.id);
    await deleteAnswersOfClient(tx, profileId, client.id);
    // Their mails' jobs go with the mails; reminders and sinal deadlines name only the booking.
    await deleteMailsOfClient({ db: tx }, profileId, client);
    await deleteWaitlistOfContact({ db: tx }, profileId, client);
    await deleteWhatsappOfClient({ db: tx }, profileId, client.id);
    return erased;
  });
  await scrub(deps, () => deps.scrubber.afterClientErasure());
  return erased;
}

/** The erasure is committed: a failed VACUUM is logged, and the next one does its work too. */
async function scrub(deps: Pick<PrivacyDeps, 'log'>, run: () => Promise<void>): Promise<void> {
  await run().catch((error: unknown) => {
    deps.log.error({ err: error }, 'privacy: erased rows not vacuumed');
  });
}

// ------------------------------------------------------------------ the account

/**
 * "Excluir minha conta": the password typed again, the subscription ended at the provider (a
 * provider failure stops here: nothing is deleted and the person may retry), then every row of
 * the account in one transaction (every session with it), then its images.
 */
export async function deleteAccount(
  deps: PrivacyDeps,
  professional: Professional,
  password: string,
): Promise<void> {
  if (isDemoProfessional(professional.userId))
    throw new AppError('FORBIDDEN', DEMO_ACCOUNT_MESSAGE);
  await deps.accounts.verifyPassword(professional, password);
  await cancelSubscriptionAtProvider(deps, professional);
  const { profileId, userId } = professional;
  const profile = await getProfileByUserId(deps, userId);
  const imageUrls: string[] = [];

  await deps.db.transaction(async (tx) => {
    imageUrls.push(...(await lockServiceImageFiles({ db: tx }, profileId)));
    if (profile?.avatarUrl) imageUrls.push(profile.avatarUrl);

    const addresses = [professional.email, profile?.email ?? ''];
    for await (const client of streamClients({ db: tx }, profileId)) {
      if (client.email) addresses.push(client.email);
    }
    const jobKeys = new Set<string>();
    for await (const appointment of streamAppointments({ db: tx }, profileId)) {
      jobKeys.add(appointment.bookingId ?? appointment.id);
    }
    // The jobs of its bookings (pg-boss's public deleteJob, by the ids `sendJobAt` gave them);
    // mail jobs go with their mails below: none is left to run for a deleted account.
    const bookings = [...jobKeys];
    await deleteJobsAt(
      tx,
      REMINDER_QUEUE,
      bookings.map((id) => reminderKey(profileId, id)),
    );
    await deleteJobsAt(
      tx,
      DEPOSIT_QUEUE,
      bookings.map((id) => depositJobKey(profileId, id)),
    );
    const sold = await listAllClientPackages({ db: tx }, profileId);
    await deleteJobsAt(
      tx,
      PACKAGE_EXPIRY_QUEUE,
      sold.map((row) => packageExpiryKey(profileId, row.id)),
    );
    await deletePushJobsOfAccount(tx, profileId, bookings, PUSH_KINDS);
    await deleteMailsOfAccount({ db: tx }, profileId, addresses.filter(Boolean));
    await deleteBillingEventsOfUser({ db: tx }, userId);
    await forgetAccountInAudit({ db: tx }, userId);
    await deleteAllClosings({ db: tx }, profileId);
    await deleteAllAppointments({ db: tx }, profileId);
    await deleteAllPackages({ db: tx }, profileId);
    await deps.accounts.deleteUser({ db: tx }, professional);
  });

  await scrub(deps, () => deps.scrubber.afterAccountDeletion());
  // After the commit: a failed deletion keeps its images. A file that cannot be removed now is
  // logged (its name is random and nothing links to it any more).
  for (const url of imageUrls) {
    await deps.storage.remove(url).catch((error: unknown) => {
      deps.log.error({ err: error, url }, 'privacy: image of a deleted account not removed');
    });
  }
}
