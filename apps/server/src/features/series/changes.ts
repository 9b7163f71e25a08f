// "Só este", "este e os seguintes", "toda a série": a change from one occurrence of the Agenda.
import {
  addDaysToDate,
  type Appointment,
  type seriesChangeSchema,
  SERIES_NOT_FOUND_MESSAGE,
  SERIES_OCCURRENCE_NOT_FOUND_MESSAGE,
  SERIES_PAST_OCCURRENCE_MESSAGE,
} from '@agendaki/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { zonedInstant } from '../../lib/ics';
import { AppError, getSqlState, SQLSTATE } from '../../lib/errors';
import {
  listSeriesAppointments,
  moveBooking,
  replanBookingReminder,
  setAppointmentPrice,
  setBookingStatus,
} from '../appointments/service';
import { ruleText } from './dates';
import { loadSeriesServices, stepsOf } from './plan';
import * as repo from './repo';
import type { Professional, SeriesDeps } from './types';

type ChangeInput = z.output<typeof seriesChangeSchema>;

const LIVE = ['scheduled', 'confirmed', 'awaiting_deposit'] as const;
const CHANGE_OVERLAP_MESSAGE =
  'Conflito de horário com outro agendamento em uma das datas. Nada foi alterado.';

interface Occurrence {
  bookingId: string;
  date: string;
  appointments: Appointment[];
  isLive: boolean;
  isFuture: boolean;
}

function occurrencesOf(appointments: readonly Appointment[], timezone: string, now: Date) {
  const byBooking = new Map<string, Appointment[]>();
  for (const a of appointments) {
    const key = a.bookingId ?? a.id;
    byBooking.set(key, [...(byBooking.get(key) ?? []), a]);
  }
  return [...byBooking.entries()].map(([bookingId, list]): Occurrence => {
    const first = list[0]!;
    return {
      bookingId,
      date: first.appointmentDate,
      appointments: list,
      isLive: list.some((a) => (LIVE as readonly string[]).includes(a.status)),
      isFuture:
        zonedInstant(first.appointmentDate, first.startTime, timezone).getTime() > now.getTime(),
    };
  });
}

/**
 * Applies the change to the occurrences in scope, all or nothing: "só este" the one chosen; "este
 * e os seguintes" it and the later ones; "toda a série" every occurrence still to come. Past
 * occurrences and those closed (completed, no-show) keep their time and price; the series' rule
 * takes a new time or price for the dates the job makes later, and a cancel from here on ends it.
 */
export async function changeSeries(
  deps: Pick<SeriesDeps, 'db' | 'clock'>,
  professional: Professional,
  seriesId: string,
  input: ChangeInput,
): Promise<{ changed: number }> {
  try {
    return await deps.db.transaction((tx) =>
      applyChange({ ...deps, db: tx }, professional, seriesId, input),
    );
  } catch (error) {
    const state = getSqlState(error);
    if (state === SQLSTATE.EXCLUSION_VIOLATION || state === SQLSTATE.DEADLOCK_DETECTED) {
      throw new AppError('CONFLICT', CHANGE_OVERLAP_MESSAGE);
    }
    throw error;
  }
}

async function applyChange(
  deps: Pick<SeriesDeps, 'db' | 'clock'>,
  { profileId, timezone }: Professional,
  seriesId: string,
  input: ChangeInput,
): Promise<{ changed: number }> {
  const { db, clock } = deps;
  const now = clock.now();
  const series = await repo.lockSeries(db, profileId, seriesId);
  if (!series) throw new AppError('NOT_FOUND', SERIES_NOT_FOUND_MESSAGE);
  const all = occurrencesOf(
    await listSeriesAppointments({ db }, profileId, seriesId),
    timezone,
    now,
  );
  const target = all.find((o) => o.bookingId === input.bookingId.toLowerCase());
  if (!target) throw new AppError('NOT_FOUND', SERIES_OCCURRENCE_NOT_FOUND_MESSAGE);
  // What was charged and when it happened stay as they were, for "só este" as for the others.
  if (input.scope === 'one' && input.action === 'update' && !target.isFuture) {
    throw new AppError('CONFLICT', SERIES_PAST_OCCURRENCE_MESSAGE);
  }
  const inScope =
    input.scope === 'one'
      ? [target]
      : all.filter((o) => o.isFuture && (input.scope === 'all' || o.date >= target.date));
  const touched = inScope.filter((o) => o.isLive);

  if (input.action === 'cancel') {
    for (const o of touched) {
      await setBookingStatus(deps, profileId, o.bookingId, LIVE, 'cancelled');
      await replanBookingReminder(deps, profileId, o.bookingId);
    }
    if (input.scope !== 'one')
      await endSeries(db, profileId, series, input.scope === 'all' ? null : target.date, now);
    return { changed: touched.length };
  }

  if (input.pricesCents) {
    const prices = input.pricesCents;
    for (const o of touched) {
      for (const [index, a] of o.appointments.entries()) {
        const cents = prices[index];
        if (cents === undefined || !(LIVE as readonly string[]).includes(a.status)) continue;
        await setAppointmentPrice(deps, profileId, a.id, (cents / 100).toFixed(2));
      }
    }
    if (input.scope !== 'one') {
      const services = series.services.map((s, index) => ({
        ...s,
        priceCents: prices[index] ?? s.priceCents,
      }));
      await repo.updateSeries(db, profileId, seriesId, { services }, now);
    }
  }

  if (input.startTime !== undefined || input.appointmentDate !== undefined) {
    const services = await loadSeriesServices(db, profileId, series.services);
    for (const o of touched) {
      const first = o.appointments[0]!;
      const date = input.appointmentDate ?? first.appointmentDate;
      const startTime = input.startTime ?? first.startTime;
      const live = o.appointments.filter((a) => (LIVE as readonly string[]).includes(a.status));
      const steps = stepsOf(
        services.filter((s) => live.some((a) => a.serviceId === s.serviceId)),
        startTime,
      );
      await moveBooking(
        deps,
        profileId,
        o.bookingId,
        live.map((a, index) => ({
          id: a.id,
          appointmentDate: date,
          startTime: steps[index]?.startTime ?? startTime,
          endTime: steps[index]?.endTime ?? a.endTime,
        })),
      );
      await replanBookingReminder(deps, profileId, o.bookingId);
    }
    if (input.scope !== 'one' && input.startTime) {
      const rule = {
        frequency: series.frequency === 'monthly' ? ('monthly' as const) : ('weekly' as const),
        interval: series.interval,
        startDate: series.startDate,
        startTime: input.startTime,
        untilDate: series.untilDate,
      };
      await repo.updateSeries(
        db,
        profileId,
        seriesId,
        { startTime: input.startTime, rule: ruleText(rule) },
        now,
      );
    }
  }
  return { changed: touched.length };
}

/** No more dates after `from` (exclusive), or none beyond those made (from: null). */
async function endSeries(
  db: Db,
  profileId: string,
  series: repo.SeriesRow,
  from: string | null,
  now: Date,
) {
  const last = from === null ? series.generatedUntil : addDaysToDate(from, -1);
  const untilDate = last < series.startDate ? series.startDate : last;
  const generatedUntil = series.generatedUntil < untilDate ? series.generatedUntil : untilDate;
  await repo.updateSeries(db, profileId, series.id, { untilDate, generatedUntil }, now);
}
