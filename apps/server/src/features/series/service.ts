// Horário fixo (issue 46): preview, create and read a series; changes.ts and extend.ts do the rest.
import {
  addDaysToDate,
  describeSeries,
  formatTime,
  type Series,
  SERIES_HORIZON_DAYS,
  SERIES_NOT_FOUND_MESSAGE,
  type SeriesPreview,
  zonedToday,
} from '@agendaki/shared';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client';
import { AppError, getSqlState, SQLSTATE } from '../../lib/errors';
import { addSeriesOccurrences, listSeriesAppointments } from '../appointments/service';
import { getClient, isOwnClient } from '../clients/service';
import { lockProfessional } from '../schedule/service';
import { checkOccurrences } from './check';
import type { Professional, SeriesDeps } from './types';
import { ruleText } from './dates';
import { mailSeriesToClient } from './mails';
import {
  allRuleDates,
  describeProblems,
  loadSeriesServices,
  planOccurrences,
  requireSomeKept,
  ruleOfInput,
  type SeriesInput,
  stepsOf,
} from './plan';
import * as repo from './repo';

export { createSeriesJob } from './job';
export { changeSeries } from './changes';
export { seriesOfBooking } from './manage';

export type { ManageLinkOf, Professional, SeriesDeps } from './types';

export const OVERLAP_MESSAGE = 'Conflito de horário com outro agendamento. Nada foi salvo.';

async function requireClient(db: Db, profileId: string, clientId: string) {
  if (!(await isOwnClient({ db }, profileId, clientId))) {
    throw new AppError('NOT_FOUND', 'Cliente não encontrado');
  }
}

/** Every date of the rule, moved ones where they go, each with why it cannot happen, if so. */
export async function previewSeries(
  { db, clock }: Pick<SeriesDeps, 'db' | 'clock'>,
  professional: Professional,
  input: SeriesInput,
): Promise<SeriesPreview> {
  const now = clock.now();
  const rule = ruleOfInput(input, zonedToday(now, professional.timezone));
  await requireClient(db, professional.profileId, input.clientId);
  const services = await loadSeriesServices(
    db,
    professional.profileId,
    input.serviceIds.map((serviceId) => ({ serviceId })),
  );
  const planned = planOccurrences(rule, allRuleDates(rule), { skips: [], moves: input.moves });
  const { items, warning } = await checkOccurrences(db, professional, services, planned, now);
  return {
    items: items.map((item) => ({
      date: item.date,
      appointmentDate: item.appointmentDate,
      startTime: item.startTime,
      endTime: item.endTime,
      moved: item.moved,
      problem: item.problem?.problem ?? null,
      reason: item.problem?.reason ?? null,
    })),
    warning,
  };
}

/**
 * Saves the series and its occurrences up to the horizon, all or nothing: under the
 * professional's lock every kept date is checked again (a date that became impossible since the
 * preview refuses the whole save, naming it), and the no-overlap constraint decides races.
 * Dates beyond the horizon are made by the job; skips and moves are kept for it.
 */
export async function createSeries(
  deps: SeriesDeps,
  professional: Professional,
  input: SeriesInput,
): Promise<Series> {
  const { profileId, timezone } = professional;
  const now = deps.clock.now();
  const today = zonedToday(now, timezone);
  const rule = ruleOfInput(input, today);
  try {
    const id = await deps.db.transaction(async (tx) => {
      await lockProfessional({ db: tx }, profileId, 'share');
      await requireClient(tx, profileId, input.clientId);
      const services = await loadSeriesServices(
        tx,
        profileId,
        input.serviceIds.map((serviceId) => ({ serviceId })),
      );
      const planned = planOccurrences(rule, allRuleDates(rule), input);
      requireSomeKept(planned);
      const { items } = await checkOccurrences(tx, professional, services, planned, now);
      const problems = describeProblems(items);
      if (problems) throw new AppError('CONFLICT', problems);
      // Why each left-out date was left out, for the series' page.
      const skipped = await checkOccurrences(
        tx,
        professional,
        services,
        input.skips.map((date) => ({
          date,
          appointmentDate: date,
          startTime: rule.startTime,
          moved: false,
        })),
        now,
      );
      const seriesId = randomUUID();
      const horizon = addDaysToDate(today, SERIES_HORIZON_DAYS);
      const generatedUntil = rule.untilDate < horizon ? rule.untilDate : horizon;
      await repo.insertSeries(tx, profileId, {
        id: seriesId,
        clientId: input.clientId,
        services: services.map((s) => ({ serviceId: s.serviceId, priceCents: s.priceCents })),
        frequency: rule.frequency,
        interval: rule.interval,
        startDate: rule.startDate,
        startTime: rule.startTime,
        untilDate: rule.untilDate,
        rule: ruleText(rule),
        generatedUntil,
      });
      await repo.addSeriesDates(tx, profileId, seriesId, [
        ...skipped.items.map((item) => ({
          date: item.date,
          kind: 'skip',
          toDate: null,
          toStartTime: null,
          reason: item.problem?.reason ?? null,
        })),
        ...input.moves.map((m) => ({
          date: m.date,
          kind: 'move',
          toDate: m.toDate,
          toStartTime: m.toStartTime,
          reason: null,
        })),
      ]);
      const made = planned.filter((p) => p.date <= generatedUntil);
      const bookingIds = await addSeriesOccurrences(
        { db: tx, clock: deps.clock },
        profileId,
        made.map((p) => ({
          seriesId,
          clientId: input.clientId,
          appointmentDate: p.appointmentDate,
          notes: null,
          steps: stepsOf(services, p.startTime),
        })),
      );
      await mailSeriesToClient({ ...deps, db: tx }, profileId, {
        clientId: input.clientId,
        label: describeSeries(rule),
        firstBookingId: bookingIds[0],
        dates: made.map((p) => ({ date: p.appointmentDate, startTime: p.startTime })),
      });
      return seriesId;
    });
    return getSeries(deps, professional, id);
  } catch (error) {
    const state = getSqlState(error);
    if (state === SQLSTATE.EXCLUSION_VIOLATION || state === SQLSTATE.DEADLOCK_DETECTED) {
      throw new AppError('CONFLICT', OVERLAP_MESSAGE);
    }
    throw error;
  }
}

export async function getSeries(
  { db }: Pick<SeriesDeps, 'db'>,
  professional: Professional,
  id: string,
): Promise<Series> {
  const { profileId } = professional;
  const row = await repo.findSeries(db, profileId, id);
  if (!row) throw new AppError('NOT_FOUND', SERIES_NOT_FOUND_MESSAGE);
  const [client, services, appointments, dates] = [
    await getClient({ db }, profileId, row.clientId),
    await loadSeriesServices(db, profileId, row.services),
    await listSeriesAppointments({ db }, profileId, id),
    await repo.listSeriesDates(db, profileId, id),
  ];
  const byBooking = new Map<string, (typeof appointments)[number][]>();
  for (const a of appointments) {
    const key = a.bookingId ?? a.id;
    byBooking.set(key, [...(byBooking.get(key) ?? []), a]);
  }
  const startTime = formatTime(row.startTime);
  return {
    id: row.id,
    clientId: row.clientId,
    clientName: client.name,
    frequency: row.frequency === 'monthly' ? 'monthly' : 'weekly',
    interval: row.interval,
    startDate: row.startDate,
    startTime,
    untilDate: row.untilDate,
    label: describeSeries({
      ...row,
      frequency: row.frequency === 'monthly' ? 'monthly' : 'weekly',
      startTime,
      untilDate: row.untilDate,
    }),
    services: services.map((s) => ({
      serviceId: s.serviceId,
      name: s.name,
      priceCents: s.priceCents,
    })),
    active:
      row.generatedUntil < row.untilDate || appointments.some((a) => a.status !== 'cancelled'),
    generatedUntil: row.generatedUntil,
    occurrences: [...byBooking.entries()].map(([bookingId, list]) => ({
      bookingId,
      appointmentDate: list[0]!.appointmentDate,
      startTime: list[0]!.startTime,
      endTime: list.at(-1)!.endTime,
      status: (list.find((a) => a.status !== 'cancelled') ?? list[0]!).status,
      totalPriceCents: list.reduce((sum, a) => sum + a.totalPriceCents, 0),
    })),
    notes: dates
      .filter((d) => d.kind !== 'move')
      .map((d) => ({
        date: d.date,
        kind: d.kind === 'skip' ? 'skip' : 'impossible',
        reason: d.reason,
      })),
  };
}
