// What the client's manage link shows of a series (features/manage asks): its rule and next dates.
import { describeSeries, formatTime, type ManageSeries } from '@agendaki/shared';
import type { Db } from '../../db/client';
import { zonedInstant } from '../../lib/ics';
import { findSeriesOfBooking, listSeriesAppointments } from '../appointments/service';
import * as repo from './repo';

const NEXT_SHOWN = 6;

/**
 * The series of the booking, if it is an occurrence of one: its rule in pt-BR and its next
 * occurrences from now (cancelled ones too, so a skipped week shows as such), each saying whether
 * the client may still skip it (before the cutoff).
 */
export async function seriesOfBooking(
  db: Db,
  professional: { profileId: string; timezone: string; cutoffMinutes: number },
  bookingId: string,
  now: Date,
): Promise<(ManageSeries & { seriesId: string }) | null> {
  const { profileId } = professional;
  const seriesId = await findSeriesOfBooking({ db }, profileId, bookingId);
  if (!seriesId) return null;
  const row = await repo.findSeries(db, profileId, seriesId);
  if (!row) return null;
  const appointments = await listSeriesAppointments({ db }, profileId, seriesId);
  const seen = new Set<string>();
  const next: ManageSeries['next'] = [];
  for (const a of appointments) {
    const key = a.bookingId ?? a.id;
    if (seen.has(key)) continue;
    seen.add(key);
    const start = zonedInstant(a.appointmentDate, a.startTime, professional.timezone).getTime();
    if (start <= now.getTime() || next.length >= NEXT_SHOWN) continue;
    const isLive = a.status !== 'cancelled';
    next.push({
      bookingId: key,
      date: a.appointmentDate,
      startTime: a.startTime,
      status: isLive ? a.status : 'cancelled',
      canSkip: isLive && now.getTime() < start - professional.cutoffMinutes * 60_000,
    });
  }
  const frequency = row.frequency === 'monthly' ? 'monthly' : 'weekly';
  return {
    seriesId,
    isWeekly: frequency === 'weekly' && row.interval === 1,
    label: describeSeries({ ...row, frequency, startTime: formatTime(row.startTime) }),
    next,
  };
}
