// The job's work for one series: make the dates that came within the horizon, report the rest.
import {
  addDaysToDate,
  describeSeries,
  formatIsoDate,
  formatTime,
  PRODUCT_NAME,
  SERIES_HORIZON_DAYS,
  withoutLiveLinks,
  zonedToday,
} from '@agendaki/shared';
import { isDemoProfessional } from '../../lib/demo';
import { getSqlState, SQLSTATE } from '../../lib/errors';
import { escapeHtml } from '../../lib/mail-templates';
import { addSeriesOccurrences } from '../appointments/service';
import { getClient } from '../clients/service';
import { enqueueMails } from '../mail/service';
import { findPublicProfileById } from '../profile/service';
import { lockProfessional } from '../schedule/service';
import { checkOccurrences } from './check';
import { ruleDatesBetween, type SeriesRule } from './dates';
import { loadSeriesServices, planOccurrences, stepsOf } from './plan';
import * as repo from './repo';
import type { SeriesDeps } from './types';

/**
 * Extends one series up to today + the horizon in the professional's zone, in one transaction
 * with the series row locked: a second run (another instance, a retry) waits, then finds
 * `generated_until` moved and makes nothing twice. A date that became impossible (closed, time
 * off, a block, another appointment) is skipped and noted with its reason, and the professional
 * is told by e-mail, in the same transaction. Answers the dates made and the dates skipped.
 */
export async function extendSeries(
  deps: Pick<SeriesDeps, 'db' | 'clock'>,
  professionalId: string,
  seriesId: string,
): Promise<{ made: number; skipped: number }> {
  return deps.db.transaction(async (tx) => {
    const profile = await findPublicProfileById({ db: tx }, professionalId);
    if (!profile) return { made: 0, skipped: 0 };
    await lockProfessional({ db: tx }, professionalId, 'share');
    const series = await repo.lockSeries(tx, professionalId, seriesId);
    if (!series) return { made: 0, skipped: 0 };
    const now = deps.clock.now();
    const horizon = addDaysToDate(zonedToday(now, profile.timezone), SERIES_HORIZON_DAYS);
    const to = series.untilDate < horizon ? series.untilDate : horizon;
    if (to <= series.generatedUntil) return { made: 0, skipped: 0 };
    const rule: SeriesRule = {
      frequency: series.frequency === 'monthly' ? 'monthly' : 'weekly',
      interval: series.interval,
      startDate: series.startDate,
      startTime: formatTime(series.startTime),
      untilDate: series.untilDate,
    };
    const dates = ruleDatesBetween(rule, addDaysToDate(series.generatedUntil, 1), to);
    const noted = await repo.listSeriesDates(tx, professionalId, seriesId);
    const planned = planOccurrences(rule, dates, {
      skips: noted.filter((n) => n.kind !== 'move' && dates.includes(n.date)).map((n) => n.date),
      moves: noted
        .filter((n) => n.kind === 'move' && dates.includes(n.date))
        .map((n) => ({ date: n.date, toDate: n.toDate!, toStartTime: formatTime(n.toStartTime!) })),
    });
    const services = await loadSeriesServices(tx, professionalId, series.services);
    const professional = { profileId: professionalId, timezone: profile.timezone };
    const { items } = await checkOccurrences(tx, professional, services, planned, now);
    const skipped: { date: string; reason: string }[] = [];
    let made = 0;
    for (const item of items) {
      if (item.problem) {
        skipped.push({ date: item.date, reason: item.problem.reason });
        continue;
      }
      // Each in a savepoint: a time taken between the check and the insert skips that date only.
      try {
        await tx.transaction((sp) =>
          addSeriesOccurrences({ db: sp, clock: deps.clock }, professionalId, [
            {
              seriesId,
              clientId: series.clientId,
              appointmentDate: item.appointmentDate,
              notes: null,
              steps: stepsOf(services, item.startTime),
            },
          ]),
        );
        made += 1;
      } catch (error) {
        if (getSqlState(error) !== SQLSTATE.EXCLUSION_VIOLATION) throw error;
        skipped.push({ date: item.date, reason: 'Outro agendamento no horário' });
      }
    }
    await repo.addSeriesDates(
      tx,
      professionalId,
      seriesId,
      skipped.map((s) => ({
        date: s.date,
        kind: 'impossible',
        toDate: null,
        toStartTime: null,
        reason: s.reason,
      })),
    );
    await repo.updateSeries(tx, professionalId, seriesId, { generatedUntil: to }, now);
    if (skipped.length > 0 && !isDemoProfessional(profile.userId)) {
      const client = await getClient({ db: tx }, professionalId, series.clientId);
      const subject = `Horário fixo de ${withoutLiveLinks(client.name)}: ${skipped.length === 1 ? 'uma data pulada' : `${skipped.length} datas puladas`}`;
      const lines = [
        `O horário fixo de ${withoutLiveLinks(client.name)} (${describeSeries(rule)}) não pôde ser marcado nestas datas:`,
        ...skipped.map((s) => `• ${formatIsoDate(s.date)}: ${s.reason}`),
        'As outras datas seguem marcadas. Veja a série na Agenda.',
      ];
      const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:Arial,Helvetica,sans-serif">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p>Equipe ${PRODUCT_NAME}</p></body></html>`;
      await enqueueMails(
        { db: tx },
        [
          {
            to: profile.email,
            subject,
            html,
            text: [...lines, '', `Equipe ${PRODUCT_NAME}`].join('\n'),
          },
        ],
        now,
        { professionalId },
      );
    }
    return { made, skipped: skipped.length };
  });
}
