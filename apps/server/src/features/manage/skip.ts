// "Pular esta semana": the client leaves out one date of a horário fixo (issue 46).
import {
  MANAGE_CUTOFF_PASSED_MESSAGE,
  type ManageStatus,
  type ManageView,
  SERIES_OCCURRENCE_NOT_FOUND_MESSAGE,
} from '@agendaki/shared';
import { AppError } from '../../lib/errors';
import { replanBookingReminder, setBookingStatus } from '../appointments/service';
import { isDemoProfessional } from '../../lib/demo';
import { seriesOfBooking } from '../series/service';
import { planChangeNotice } from './change-notice';
import type { ManagePublicDeps } from './link';
import { getManageView, openBooking } from './view';

const NOT_A_SERIES_MESSAGE = 'Este agendamento não faz parte de um horário fixo.';

/**
 * Cancels one occurrence of the series the link's booking belongs to (the link's own, or one of
 * the next dates the page lists), before the cutoff; the other dates stay as they are. The
 * professional and the client are told by the change notice of its window (decision 031).
 */
export async function skipByToken(
  deps: ManagePublicDeps,
  token: string,
  input: { bookingId?: string },
): Promise<ManageView> {
  const professionalId = await deps.db.transaction(async (tx) => {
    const scoped = { ...deps, db: tx };
    const booking = await openBooking(scoped, token);
    const { professionalId, bookingId } = booking.link;
    const now = deps.clock.now();
    const series = await seriesOfBooking(
      tx,
      {
        profileId: professionalId,
        timezone: booking.profile.timezone,
        cutoffMinutes: booking.profile.cancelCutoffMinutes,
      },
      bookingId,
      now,
    );
    if (!series) throw new AppError('CONFLICT', NOT_A_SERIES_MESSAGE);
    const targetId = (input.bookingId ?? bookingId).toLowerCase();
    const target = series.next.find((n) => n.bookingId.toLowerCase() === targetId);
    if (!target) throw new AppError('NOT_FOUND', SERIES_OCCURRENCE_NOT_FOUND_MESSAGE);
    if (!target.canSkip) throw new AppError('CONFLICT', MANAGE_CUTOFF_PASSED_MESSAGE);
    await setBookingStatus(
      scoped,
      professionalId,
      target.bookingId,
      ['scheduled', 'confirmed', 'awaiting_deposit'],
      'cancelled',
    );
    await replanBookingReminder(scoped, professionalId, target.bookingId);
    if (!isDemoProfessional(booking.profile.userId)) {
      await planChangeNotice(
        tx,
        {
          professionalId: professionalId.toLowerCase(),
          bookingId: target.bookingId.toLowerCase(),
          before: {
            date: target.date,
            startTime: target.startTime,
            status: target.status as ManageStatus,
          },
        },
        now,
        deps.noticeWindowMs,
      );
    }
    return professionalId;
  });
  deps.cache.changed(professionalId, 'appointments');
  return getManageView(deps, token);
}
