import {
  fitsWish,
  formatIsoDate,
  WAITLIST_NOT_WISHED_MESSAGE,
  WAITLIST_TIME_NOT_FREE_MESSAGE,
  WAITLIST_OFFER_GONE_MESSAGE,
  type WaitlistDay,
  type WaitlistManualOffer,
  type WaitlistSettings,
} from '@agendaki/shared';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/params';
import { brazilianMobile, whatsappUrl } from '../../lib/phone';
import { listServices } from '../services/service';
import { offerText } from './mails';
import {
  freeStarts,
  offerTime,
  openScene,
  scanProfessional,
  servicesOf,
  toFreeTime,
  wishOf,
  type WaitlistDeps,
} from './offers';
import { leaveEntry, offerView, requestScan, wishView } from './public';
import * as repo from './repo';
import { entryUrl, hashEntryToken, isEntryTokenShaped } from './token';

export { scanProfessional, type ScanData, type WaitlistDeps } from './offers';
export {
  acceptOffer,
  declineOffer,
  joinWaitlist,
  leaveWaitlist,
  viewEntry,
  type PublicWaitlistDeps,
} from './public';
export { deriveWaitlistKey } from './token';

/** Whether a waiting-list link names an entry: its HTML page answers 404 when it does not. */
export async function isWaitlistLinkKnown(db: WaitlistDeps['db'], token: string) {
  if (!isEntryTokenShaped(token)) return false;
  return (await repo.findEntryByToken(db, hashEntryToken(token))) !== undefined;
}

const ENTRY_NOT_FOUND = 'Pessoa não encontrada na lista de espera';

export function getSettings(deps: Pick<WaitlistDeps, 'db'>, professionalId: string) {
  return repo.findSettings(deps.db, professionalId);
}

/** Off: the public page offers no list and no new offer goes out; open offers keep their time. */
export async function saveSettings(
  deps: Pick<WaitlistDeps, 'db'>,
  professionalId: string,
  values: WaitlistSettings,
) {
  await deps.db.transaction(async (tx) => {
    await repo.saveSettings(tx, professionalId, values);
    if (values.enabled) await requestScan(tx, professionalId);
  });
  return repo.findSettings(deps.db, professionalId);
}

/** The professional's list for a day: everyone who wants it, in line order, with their offer. */
export async function listDay(
  deps: WaitlistDeps,
  professionalId: string,
  date: string,
  timeZone: string,
  businessName: string,
): Promise<WaitlistDay> {
  const entries = await repo.listEntriesOn(deps.db, professionalId, date);
  const offers = await repo.listOffersOf(
    deps.db,
    professionalId,
    entries.map((e) => e.id),
  );
  const services = await listServices({ db: deps.db }, professionalId, { activeOnly: false });
  const waiting = (await repo.listWaiting(deps.db, professionalId)).map((e) => e.id);
  return {
    date,
    entries: entries.map((entry) => {
      const pending = offers.find((o) => o.entryId === entry.id && o.status === 'pending');
      const offer = pending ? offerView(pending, timeZone) : null;
      const mobile = brazilianMobile(entry.clientPhone);
      const text =
        offer &&
        `Olá, ${entry.clientName}! ${offerText({ businessName, ...offer })} ` +
          `Para confirmar ou recusar: ${entryUrl(deps.publicUrl, deps.key, entry.id)}`;
      return {
        id: entry.id,
        position: waiting.indexOf(entry.id) + 1,
        clientName: entry.clientName,
        clientEmail: entry.clientEmail,
        clientPhone: entry.clientPhone,
        createdAt: entry.createdAt.toISOString(),
        ...wishView(entry, services),
        offer,
        whatsappUrl: text && mobile ? whatsappUrl(mobile, text) : null,
      };
    }),
  };
}

/**
 * "Oferecer horário" by hand: a time of the professional's choice, free now for the person's
 * services, held for them like any offer. One open offer per person.
 */
export async function offerByHand(
  deps: WaitlistDeps,
  professionalId: string,
  entryId: string,
  input: WaitlistManualOffer,
) {
  if (!isUuid(entryId)) throw new AppError('NOT_FOUND', ENTRY_NOT_FOUND);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const scene = await openScene(tx, professionalId, now);
    const entry = await repo.findEntry(tx, professionalId, entryId);
    if (!entry || entry.status !== 'waiting') throw new AppError('NOT_FOUND', ENTRY_NOT_FOUND);
    // Only a day and time the person asked for: an offer they never wanted would hold a time
    // from everyone else for nothing.
    if (!isWished(entry, input)) throw new AppError('CONFLICT', WAITLIST_NOT_WISHED_MESSAGE);
    if (await repo.findPendingOffer(tx, professionalId, entryId)) {
      throw new AppError(
        'CONFLICT',
        'Esta pessoa já tem um horário oferecido. Aguarde a resposta.',
      );
    }
    const services = scene && servicesOf(scene.catalog, entry);
    if (!scene || !services) throw new AppError('CONFLICT', WAITLIST_TIME_NOT_FREE_MESSAGE);
    const starts = await freeStarts(scene, services, input.date);
    const time = starts.includes(input.time)
      ? toFreeTime(services, input.date, input.time)
      : undefined;
    const offer = time && (await offerTime(deps, scene, entry, time));
    if (!offer) {
      throw new AppError(
        'CONFLICT',
        time
          ? `${formatIsoDate(input.date)} às ${input.time} já foi oferecido a esta pessoa.`
          : WAITLIST_TIME_NOT_FREE_MESSAGE,
      );
    }
  });
}

function isWished(entry: repo.EntryRow, input: WaitlistManualOffer) {
  return entry.dates.includes(input.date) && fitsWish(input.time, wishOf(entry));
}

/** "Remover": the person leaves the line; an open offer is withdrawn, its time to the next. */
export async function removeEntry(deps: WaitlistDeps, professionalId: string, entryId: string) {
  if (!isUuid(entryId)) throw new AppError('NOT_FOUND', ENTRY_NOT_FOUND);
  await deps.db.transaction(async (tx) => {
    const entry = await repo.findEntry(tx, professionalId, entryId);
    if (!entry) throw new AppError('NOT_FOUND', ENTRY_NOT_FOUND);
    if (!(await leaveEntry(tx, professionalId, entryId))) {
      throw new AppError('CONFLICT', WAITLIST_OFFER_GONE_MESSAGE);
    }
  });
}

/** A look at every professional with someone waiting (the sweep's cron). */
export async function sweepAll(deps: WaitlistDeps) {
  let offers = 0;
  for (const professionalId of await repo.listProfessionalsWaiting(deps.db)) {
    offers += (await scanProfessional(deps, professionalId)).length;
  }
  return offers;
}

/** Whether a notice about this professional deserves a look (someone is waiting). */
export async function hasWaiting(deps: Pick<WaitlistDeps, 'db'>, professionalId: string) {
  if (!isUuid(professionalId)) return false;
  return (await repo.countWaiting(deps.db, professionalId)) > 0;
}

/**
 * "Excluir dados pessoais" of a client (features/privacy): their places on the waiting list,
 * matched by e-mail or phone, are deleted in the erasure's transaction.
 */
export function deleteWaitlistOfContact(
  deps: Pick<WaitlistDeps, 'db'>,
  professionalId: string,
  contact: { email: string | null; phone: string | null },
) {
  return repo.deleteEntriesOfContact(deps.db, professionalId, contact.email, contact.phone);
}
