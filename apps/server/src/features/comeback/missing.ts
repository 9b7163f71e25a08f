import {
  addDaysToDate,
  DEFAULT_AUTOMATION_TEXTS,
  type MissingClient,
  type MissingDays,
  zonedNow,
  zonedToday,
} from '@agendaki/shared';
import { AppError } from '../../lib/errors';
import { listMissingClients } from '../appointments/service';
import { getClient } from '../clients/service';
import { isWhatsappOn, toE164 } from '../whatsapp/service';
import * as repo from './repo';
import {
  bookingLink,
  type ComebackDeps,
  nextDecentMoment,
  requireProfessional,
  sendClientMessage,
} from './service';

const MISSING_LIMIT = 100;
export const ALREADY_MESSAGED = 'Esta cliente já recebeu uma mensagem hoje.';
export const OPTED_OUT = 'Esta cliente pediu para não receber mensagens.';
export const NO_EMAIL = 'Esta cliente não tem e-mail nem WhatsApp para receber a mensagem.';

const missingKey = (clientId: string, date: string) => `${clientId}:${date}`;

/** "Clientes sumidas": not seen for `days` days and nothing booked ahead, the longest first. */
export async function listMissing(
  deps: Pick<ComebackDeps, 'db' | 'clock' | 'whatsapp'>,
  professional: { profileId: string; timezone: string },
  days: MissingDays,
): Promise<MissingClient[]> {
  const { profileId, timezone } = professional;
  const local = zonedNow(deps.clock.now(), timezone);
  const rows = await listMissingClients(deps, profileId, {
    beforeDate: addDaysToDate(local.date, -days),
    localNow: `${local.date} ${local.time}`,
    limit: MISSING_LIMIT,
  });
  const ids = rows.map((row) => row.clientId);
  const optedOut = await repo.optedOutAmong(deps.db, profileId, ids);
  const today = await repo.existingSources(
    deps.db,
    profileId,
    'missing',
    ids.map((id) => missingKey(id, local.date)),
  );
  const whatsappOn = await isWhatsappOn({ db: deps.db, config: deps.whatsapp }, profileId);
  const clients = [];
  for (const row of rows) {
    const client = await getClient(deps, profileId, row.clientId);
    clients.push({
      id: client.id,
      name: client.name,
      email: client.email,
      canMessage: Boolean(client.email) || (whatsappOn && toE164(client.phone) !== null),
      lastVisit: row.lastVisit,
      isOptedOut: optedOut.has(client.id),
      messagedToday: today.has(missingKey(client.id, local.date)),
    });
  }
  return clients;
}

/**
 * The one-tap message to a client who went missing: once per client and day, held in the
 * queue until a decent hour in the professional's zone.
 */
export async function messageMissingClient(
  deps: ComebackDeps,
  professional: { profileId: string; timezone: string },
  clientId: string,
): Promise<void> {
  const { profileId, timezone } = professional;
  const client = await getClient(deps, profileId, clientId);
  const profile = await requireProfessional(deps, profileId);
  const settings = await repo.findSettings(deps.db, profileId);
  const now = deps.clock.now();
  const outcome = await sendClientMessage(
    deps,
    { id: profileId, businessName: profile.businessName },
    {
      clientId: client.id,
      kind: 'missing',
      sourceKey: missingKey(client.id, zonedToday(now, timezone)),
      template: settings?.missingText ?? DEFAULT_AUTOMATION_TEXTS.missing,
      service: '',
      link: bookingLink(deps.publicUrl, profile.customLink),
    },
    nextDecentMoment(now, timezone),
  );
  if (outcome === 'opted-out') throw new AppError('BAD_REQUEST', OPTED_OUT);
  if (outcome === 'unreachable') throw new AppError('BAD_REQUEST', NO_EMAIL);
  if (outcome === 'duplicate') throw new AppError('CONFLICT', ALREADY_MESSAGED);
}
