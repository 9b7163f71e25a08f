import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  addDaysToDate,
  DEFAULT_TIMEZONE,
  getWeekday,
  zonedToday,
  type Service,
} from '@agendaki/shared';
import { hashPassword } from 'better-auth/crypto';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { getSqlState, SQLSTATE } from '../../lib/errors';
import { createAppointment, listBusyTimes } from '../appointments/service';
import { ensureConfirmedAccount } from '../auth/service';
import { getWeek, replaceWeek } from '../availability/service';
import { findOrCreateClientByEmail } from '../clients/service';
import { getProfileByUserId, insertProfileWithLink } from '../profile/service';
import { createService, listServices, setServiceImage } from '../services/service';
import type { FileStorage } from '../storage/service';
import { setPaidUntil } from '../subscription/service';
import {
  DEMO_CLIENTS,
  DEMO_DAYS_AHEAD,
  DEMO_PROFILE,
  DEMO_SATURDAY_PATTERN,
  DEMO_SERVICES,
  DEMO_WEEK,
  DEMO_WEEKDAY_PATTERNS,
  type DemoService,
} from './data';
import { DEMO_ACCOUNT_ID, DEMO_EMAIL, DEMO_LINK, DEMO_USER_ID } from '../../lib/demo';
import * as repo from './repo';
import { ensureDemoSchedule } from './schedule';

export const DEMO_ASSETS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../assets/demo',
);

const PAID_AHEAD_MS = 10 * 365 * 24 * 60 * 60 * 1000;

export interface DemoDeps {
  db: Db;
  storage: FileStorage;
  clock: Clock;
}

export type DemoSeedResult =
  | { status: 'ready'; profileId: string; isNew: boolean; appointmentsAdded: number }
  /** Another professional took /book/demo before the demo existed: nothing was created. */
  | { status: 'link-taken' };

/**
 * Creates the demo professional, or brings it up to date, in one transaction that instances
 * starting together take in turns. Running it again adds nothing but appointments for coming
 * days that have none (an old demo keeps showing some taken times).
 */
export async function seedDemoData(deps: DemoDeps): Promise<DemoSeedResult> {
  const now = deps.clock.now();
  // Hashing is slow; done once, outside the transaction (unused when the demo exists).
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  return deps.db.transaction(async (tx) => {
    await repo.lockDemoSeeding(tx);
    const isNew = await ensureConfirmedAccount(tx, {
      id: DEMO_USER_ID,
      accountId: DEMO_ACCOUNT_ID,
      name: DEMO_PROFILE.professionalName,
      email: DEMO_EMAIL,
      passwordHash,
      now,
    });
    await insertProfileWithLink(
      { db: tx },
      {
        userId: DEMO_USER_ID,
        professionalName: DEMO_PROFILE.professionalName,
        businessName: DEMO_PROFILE.businessName,
        email: DEMO_EMAIL,
        bio: DEMO_PROFILE.bio,
        customLink: DEMO_LINK,
        isActive: true,
        timezone: DEFAULT_TIMEZONE,
        // Its clients are made up: no e-mail reminders (features/manage).
        reminderHours: 0,
        createdAt: now,
        updatedAt: now,
      },
    );
    const profile = await getProfileByUserId({ db: tx }, DEMO_USER_ID);
    if (!profile) return { status: 'link-taken' as const };
    // Active, paid far ahead, so the public page stays open however old the demo gets.
    await setPaidUntil({ db: tx }, DEMO_USER_ID, new Date(now.getTime() + PAID_AHEAD_MS), now);

    const services = await ensureServices({ ...deps, db: tx }, profile.id, now);
    if ((await getWeek({ db: tx }, profile.id)).isDefault) {
      await replaceWeek({ db: tx }, profile.id, { windows: DEMO_WEEK });
    }
    const clientIds: string[] = [];
    for (const client of DEMO_CLIENTS) {
      clientIds.push((await findOrCreateClientByEmail({ ...deps, db: tx }, profile.id, client)).id);
    }
    const today = zonedToday(now, profile.timezone);
    const appointmentsAdded = await topUpAppointments(tx, deps.clock, {
      profileId: profile.id,
      today,
      services,
      clientIds,
    });
    await ensureDemoSchedule(tx, profile.id, today);
    return { status: 'ready' as const, profileId: profile.id, isNew, appointmentsAdded };
  });
}

/** Each demo service once (by name), with its shipped image copied through the storage. */
async function ensureServices(
  deps: DemoDeps,
  profileId: string,
  now: Date,
): Promise<Map<DemoService['key'], Service>> {
  const existing = await listServices(deps, profileId, { activeOnly: false });
  const byKey = new Map<DemoService['key'], Service>();
  for (const demo of DEMO_SERVICES) {
    let service =
      existing.find((s) => s.name === demo.name) ??
      (await createService(deps, profileId, {
        name: demo.name,
        description: demo.description,
        price: demo.price,
        durationMinutes: demo.durationMinutes,
        bufferMinutes: demo.bufferMinutes,
        isActive: true,
      }));
    // Also for a demo stored before thumbnails: its photos are stored again, with theirs.
    if (!service.thumbnailUrl) {
      const data = await fs.readFile(path.join(DEMO_ASSETS_DIR, demo.image));
      service = await setServiceImage(deps, profileId, service.id, data, now);
    }
    byKey.set(demo.key, service);
  }
  return byKey;
}

/** For each coming open day without appointments, a few at fixed times; skips any that clash. */
async function topUpAppointments(
  db: Db,
  clock: Clock,
  demo: {
    profileId: string;
    today: string;
    services: Map<DemoService['key'], Service>;
    clientIds: string[];
  },
): Promise<number> {
  let added = 0;
  for (let offset = 0; offset < DEMO_DAYS_AHEAD; offset += 1) {
    const date = addDaysToDate(demo.today, offset);
    const weekday = getWeekday(date);
    if (weekday === 0) continue;
    if ((await listBusyTimes({ db }, demo.profileId, date)).length > 0) continue;
    const pattern =
      weekday === 6
        ? DEMO_SATURDAY_PATTERN
        : DEMO_WEEKDAY_PATTERNS[Number(date.slice(8)) % DEMO_WEEKDAY_PATTERNS.length]!;
    for (const [index, booking] of pattern.entries()) {
      try {
        await createAppointment({ db, clock }, demo.profileId, {
          clientId: demo.clientIds[(offset + index) % demo.clientIds.length]!,
          serviceId: demo.services.get(booking.service)!.id,
          appointmentDate: date,
          startTime: booking.time,
          status: booking.status,
          notes: null,
        });
        added += 1;
      } catch (error) {
        // A visitor booked this time meanwhile: their appointment stays, ours is skipped.
        if (getSqlState(error) !== SQLSTATE.EXCLUSION_VIOLATION) throw error;
      }
    }
  }
  return added;
}
