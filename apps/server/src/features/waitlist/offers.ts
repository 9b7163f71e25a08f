import {
  addDaysToDate,
  fitsWish,
  formatIsoDate,
  planConsecutiveAppointments,
  type Service,
  zonedNow,
  zonedToday,
} from '@agendaki/shared';
import type { WhatsappConfig } from '../../config/env';
import type { Db } from '../../db/client';
import { sendJobAt, sendJobs, type JobToSend } from '../../db/queue';
import { WAITLIST_SCAN_QUEUE } from '../../db/queues';
import type { Clock } from '../../lib/clock';
import { getSqlState, SQLSTATE } from '../../lib/errors';
import { isDemoProfessional } from '../../lib/demo';
import { addToOutbox } from '../mail/service';
import {
  computeSlots,
  findBookableProfessional,
  PublicReadCache,
  type ProfessionalCatalog,
} from '../public-profile/service';
import { loadSchedule, type Schedule } from '../schedule/service';
import { sendWhatsappTemplate } from '../whatsapp/service';
import { renderOfferMail } from './mails';
import * as repo from './repo';
import { entryUrl } from './token';

export interface WaitlistDeps {
  db: Db;
  clock: Clock;
  /** The key of the clients' links (token.ts). */
  key: Buffer;
  publicUrl: string;
  /** Tests and journeys: a hold of seconds instead of the professional's minutes. */
  holdSeconds?: number;
  /** The Cloud API's settings (features/whatsapp): the offer also goes by WhatsApp. */
  whatsappConfig?: WhatsappConfig | null;
}

export interface ScanData {
  professionalId: string;
}

/** What a look at the line works with, read fresh inside its transaction. */
interface Scene {
  tx: Db;
  catalog: ProfessionalCatalog;
  schedule: Schedule;
  today: string;
  now: Date;
}

export interface FreeTime {
  date: string;
  time: string;
  endTime: string;
  bufferMinutes: number;
}

/** The entry's services among the active ones, in its order; undefined if one is gone. */
export function servicesOf(catalog: ProfessionalCatalog, entry: repo.EntryRow) {
  const active = new Map(catalog.services.map((service) => [service.id, service]));
  const found = entry.serviceIds.map((id) => active.get(id));
  return found.every((s): s is Service => s !== undefined) ? found : undefined;
}

/** A start that is free now for the services on `date`, as a booking would be offered it. */
export async function freeStarts(scene: Scene, services: readonly Service[], date: string) {
  if (date < scene.today || date > addDaysToDate(scene.today, scene.schedule.rules.horizonDays)) {
    return [];
  }
  const reads = { db: scene.tx, cache: new PublicReadCache() };
  return computeSlots(reads, scene.catalog, {
    date,
    services,
    now: scene.now,
    busy: true,
    fresh: true,
    schedule: scene.schedule,
  });
}

export function toFreeTime(services: readonly Service[], date: string, time: string) {
  const plan = planConsecutiveAppointments(time, services);
  if (!plan) return undefined;
  return {
    date,
    time,
    endTime: plan.at(-1)!.endTime,
    bufferMinutes: services.at(-1)?.bufferMinutes ?? 0,
  } satisfies FreeTime;
}

/** The entry's periods or time range, as `fitsWish` reads them. */
export function wishOf(entry: repo.EntryRow) {
  return {
    periods: entry.periods,
    rangeStart: entry.rangeStart?.slice(0, 5) ?? null,
    rangeEnd: entry.rangeEnd?.slice(0, 5) ?? null,
  };
}

/** The earliest free time that fits the entry's wish and was never offered to it. */
async function firstFit(scene: Scene, entry: repo.EntryRow, offered: readonly repo.OfferRow[]) {
  const services = servicesOf(scene.catalog, entry);
  if (!services) return undefined;
  for (const date of [...entry.dates].sort()) {
    const starts = await freeStarts(scene, services, date);
    const time = starts.find(
      (start) =>
        fitsWish(start, wishOf(entry)) &&
        !offered.some(
          (o) =>
            o.entryId === entry.id && o.offerDate === date && o.startTime.slice(0, 5) === start,
        ),
    );
    if (time) return toFreeTime(services, date, time);
  }
  return undefined;
}

/** Opens a scene: the professional's time lock, then the catalog and rules read after it. */
export async function openScene(tx: Db, professionalId: string, now: Date) {
  // Offers and bookings of one professional's time wait for each other (migration 0016).
  await repo.lockProfessionalTime(tx, professionalId);
  const catalog = await findBookableProfessional(
    // A cache that never listens keeps nothing: every read here is fresh.
    { db: tx, cache: new PublicReadCache() },
    professionalId,
    now,
    'id',
  );
  if (!catalog) return undefined;
  const today = zonedToday(now, catalog.profile.timezone);
  const schedule = await loadSchedule({ db: tx }, professionalId, today);
  return { tx, catalog, schedule, today, now } satisfies Scene;
}

/**
 * Offers `time` to the entry: the offer's row holds the time through its trigger; when the time
 * is not free after all (23P01), nothing is offered and undefined is answered. The mail and the
 * deadline's job go in the same transaction.
 */
export async function offerTime(
  deps: WaitlistDeps,
  scene: Scene,
  entry: repo.EntryRow,
  time: FreeTime,
) {
  const { tx, catalog, now } = scene;
  const professionalId = catalog.profile.id;
  const settings = await repo.findSettings(tx, professionalId);
  const holdMs = deps.holdSeconds ? deps.holdSeconds * 1000 : settings.holdMinutes * 60_000;
  const deadline = new Date(now.getTime() + holdMs);
  let offer: repo.OfferRow;
  try {
    offer = await tx.transaction((savepoint) =>
      repo.insertOffer(savepoint, {
        professionalId,
        entryId: entry.id,
        offerDate: time.date,
        startTime: time.time,
        endTime: time.endTime,
        bufferMinutes: time.bufferMinutes,
        deadline,
      }),
    );
  } catch (error) {
    const state = getSqlState(error);
    if (state === SQLSTATE.EXCLUSION_VIOLATION || state === SQLSTATE.UNIQUE_VIOLATION) {
      return undefined;
    }
    throw error;
  }
  const until = zonedNow(deadline, catalog.profile.timezone);
  const link = entryUrl(deps.publicUrl, deps.key, entry.id);
  const mails =
    entry.clientEmail && !isDemoProfessional(catalog.profile.userId)
      ? [
          renderOfferMail({
            to: entry.clientEmail,
            clientName: entry.clientName,
            businessName: catalog.profile.businessName,
            date: time.date,
            time: time.time,
            holdUntil: until.time,
            link,
          }),
        ]
      : [];
  // Besides the e-mail (so no fallback): WhatsApp's own rules decide whether it goes.
  await sendWhatsappTemplate(
    { db: tx, config: deps.whatsappConfig ?? null },
    {
      professionalId,
      clientId: null,
      bookingId: null,
      phone: entry.clientPhone,
      kind: 'waitlist_offer',
      params: [
        entry.clientName,
        catalog.profile.businessName,
        formatIsoDate(time.date),
        time.time,
        `${formatIsoDate(until.date)} às ${until.time}`,
        link,
      ],
      dedupeKey: `waitlist_offer:${offer.id}`,
      fallbackMail: null,
    },
    now,
  );
  const mailJobs: JobToSend[] = await addToOutbox({ db: tx }, mails, now, { professionalId });
  await sendJobs(tx, mailJobs);
  // At the deadline, a look at the line expires the offer and offers the time to the next.
  await sendJobAt(tx, WAITLIST_SCAN_QUEUE, `offer:${offer.id}`, deadline, {
    professionalId,
  } satisfies ScanData);
  return offer;
}

/**
 * A look at one professional's line (docs/product.md, Lista de espera): overdue offers expire,
 * entries past their last day expire, then each waiting entry without an open offer, first in
 * line first, is offered the earliest free time that fits. Under the professional's time lock
 * and the no-overlap constraint, so two looks at once (two instances, a retry) offer a time once.
 */
export async function scanProfessional(deps: WaitlistDeps, professionalId: string) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const scene = await openScene(tx, professionalId, now);
    for (const { id } of await repo.listOverdueOffers(tx, professionalId, now)) {
      await repo.closeOffer(tx, professionalId, id, 'expired', now);
    }
    if (!scene) return [];
    await repo.expireEntriesBefore(tx, professionalId, scene.today);
    const settings = await repo.findSettings(tx, professionalId);
    if (!settings.enabled || scene.schedule.rules.paused) return [];
    const entries = await repo.listWaiting(tx, professionalId);
    const offered = await repo.listOffersOf(
      tx,
      professionalId,
      entries.map((e) => e.id),
    );
    const made: repo.OfferRow[] = [];
    for (const entry of entries) {
      if (offered.some((o) => o.entryId === entry.id && o.status === 'pending')) continue;
      const time = await firstFit(scene, entry, offered);
      if (!time) continue;
      const offer = await offerTime(deps, scene, entry, time);
      if (offer) made.push(offer);
    }
    return made;
  });
}
