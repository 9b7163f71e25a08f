import { addDaysToDate, zonedNow } from '@agendaki/shared';
import type { FastifyBaseLogger } from 'fastify';
import { COMEBACK_QUEUE } from '../../db/queues';
import type { JobWorker } from '../../plugins/jobs';
import { type DueQuery, listReturnsDue, listReviewsDue } from '../appointments/service';
import { listServices } from '../services/service';
import * as repo from './repo';
import {
  bookingLink,
  type ComebackDeps,
  isDecentHour,
  requireProfessional,
  sendClientMessage,
} from './service';

/** What the tick needs beyond the service's deps: how long a "day" lasts and the hours rule. */
export interface TickOptions {
  /** Seconds in a day of the intervals: 86,400, or a few in the journeys. */
  daySeconds: number;
  /** The journeys run at any hour of the machine; the product never does. */
  anyHour: boolean;
}

/** Due longer ago than this is never sent: switching an automation on reaches 30 days back. */
const LOOKBACK_SECONDS = 30 * 86_400;
/** A review is asked for two hours (of a day's 24) after the end. */
const REVIEW_DELAY_DAYS = 2 / 24;

/**
 * One professional's due messages: "hora de voltar", "avaliação" and "aniversário", each
 * recorded once for its source (the appointment, the booking, the client and year), only at a
 * decent hour in her zone. Answers the messages sent.
 */
export async function runAutomations(
  deps: ComebackDeps,
  options: TickOptions,
  professionalId: string,
): Promise<number> {
  const settings = await repo.findSettings(deps.db, professionalId);
  if (!settings) return 0;
  const profile = await requireProfessional(deps, professionalId);
  const now = deps.clock.now();
  if (!options.anyHour && !isDecentHour(now, profile.timezone)) return 0;
  const local = zonedNow(now, profile.timezone);
  const intervals = await repo.listIntervals(deps.db, professionalId);
  const longest = Math.max(1, ...intervals.map((iv) => iv.days));
  const query: DueQuery = {
    timezone: profile.timezone,
    now,
    localNow: `${local.date} ${local.time}`,
    // The look-back plus the longest interval, in days of the calendar, and a day's margin.
    fromDate: addDaysToDate(
      local.date,
      -Math.ceil((LOOKBACK_SECONDS + longest * options.daySeconds) / 86_400) - 1,
    ),
    daySeconds: options.daySeconds,
    lookbackSeconds: LOOKBACK_SECONDS,
  };
  const names = new Map(
    (await listServices(deps, professionalId, { activeOnly: false })).map((s) => [s.id, s.name]),
  );
  const pro = { id: professionalId, businessName: profile.businessName };
  let sent = 0;
  if (settings.returnEnabled) {
    for (const due of await listReturnsDue(deps, professionalId, intervals, query)) {
      const outcome = await sendClientMessage(deps, pro, {
        clientId: due.clientId,
        kind: 'return',
        sourceKey: due.appointmentId,
        template: settings.returnText,
        service: names.get(due.serviceId) ?? '',
        link: bookingLink(deps.publicUrl, profile.customLink, due.serviceId),
      });
      if (outcome === 'sent') sent += 1;
    }
  }
  if (settings.reviewEnabled && settings.reviewUrl) {
    const delaySeconds = Math.round(REVIEW_DELAY_DAYS * options.daySeconds);
    for (const due of await listReviewsDue(deps, professionalId, { ...query, delaySeconds })) {
      const outcome = await sendClientMessage(deps, pro, {
        clientId: due.clientId,
        kind: 'review',
        sourceKey: due.bookingKey,
        template: settings.reviewText,
        service: names.get(due.serviceId) ?? '',
        link: settings.reviewUrl,
      });
      if (outcome === 'sent') sent += 1;
    }
  }
  if (settings.birthdayEnabled && Number(local.time.slice(0, 2)) >= settings.birthdayHour) {
    for (const clientId of await repo.listBirthdaysOn(
      deps.db,
      professionalId,
      birthdaysOf(local.date),
    )) {
      const outcome = await sendClientMessage(deps, pro, {
        clientId,
        kind: 'birthday',
        // Once a year.
        sourceKey: `${clientId}:${local.date.slice(0, 4)}`,
        template: settings.birthdayText,
        service: '',
        link: bookingLink(deps.publicUrl, profile.customLink),
      });
      if (outcome === 'sent') sent += 1;
    }
  }
  return sent;
}

/** The birthdays ("MM-DD") celebrated on a date: 29 February on the 28th when not a leap year. */
export function birthdaysOf(isoDate: string): string[] {
  const monthDay = isoDate.slice(5);
  const year = Number(isoDate.slice(0, 4));
  const isLeap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return monthDay === '02-28' && !isLeap ? ['02-28', '02-29'] : [monthDay];
}

/**
 * The automations' tick (db/queues.ts COMEBACK_QUEUE), every minute across all instances
 * (pg-boss's cron: one job per minute). A message is recorded once per source whatever runs it
 * (a unique key, then its mail in the same transaction), so a tick run twice, or by two
 * instances, sends nothing twice. One professional's failure does not stop the others.
 */
export function createComebackJob(
  options: ComebackDeps & TickOptions & { log: FastifyBaseLogger },
): JobWorker<unknown> {
  const { log, daySeconds, anyHour, ...deps } = options;
  return {
    queue: COMEBACK_QUEUE,
    pollingIntervalSeconds: 10,
    cron: '* * * * *',
    async handle() {
      for (const professionalId of await repo.listProfessionalsWithAutomations(deps.db)) {
        try {
          const sent = await runAutomations(deps, { daySeconds, anyHour }, professionalId);
          if (sent > 0) log.info({ professionalId, sent }, 'comeback: messages queued');
        } catch (error) {
          log.error(
            { err: error, professionalId },
            'comeback: automations failed; next tick retries',
          );
        }
      }
    },
  };
}
