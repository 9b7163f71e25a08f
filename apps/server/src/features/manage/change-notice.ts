import type { ManageStatus } from '@agendaki/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { sendJobAt } from '../../db/queue';
import { CHANGE_NOTICE_QUEUE } from '../../db/queues';
import type { Clock } from '../../lib/clock';
import type { JobWorker } from '../../plugins/jobs';
import { listBookingAppointments, reminderKey } from '../appointments/service';
import { isDemoProfessional } from '../../lib/demo';
import { zonedInstant } from '../../lib/ics';
import { enqueueMails, type OutgoingMail } from '../mail/service';
import { findPublicProfileById } from '../profile/service';
import {
  renderChangeNoticeToClient,
  messageTarget,
  renderChangeNoticeToProfessional,
  summarizeBooking,
} from './mails';
import * as repo from './repo';
import { ensureManageLink } from './link';
import { manageUrl, tokenFor } from './token';

/**
 * The client's changes on the manage link (confirm, cancel, reschedule) are told in one notice
 * per booking and window (decision 031): the window's first change sends a job due at its end,
 * later changes in it find that job kept and send none, and the job tells the professional and
 * the client what the booking is when it runs. Thirty reschedules in a few minutes: one or two
 * notices, the last one saying where the booking ended.
 */
export const CHANGE_NOTICE_WINDOW_MS = 5 * 60_000;

type BookingAppointment = Awaited<ReturnType<typeof listBookingAppointments>>[number];

export function bookingStatus(live: readonly BookingAppointment[]): ManageStatus {
  if (live.length === 0) return 'cancelled';
  if (live.some((a) => a.status === 'awaiting_deposit')) return 'awaiting_deposit';
  return live.every((a) => a.status === 'confirmed' || a.status === 'completed')
    ? 'confirmed'
    : 'scheduled';
}

export interface ChangeNoticeJobData {
  professionalId: string;
  bookingId: string;
  /** The booking before the window's first change. */
  before: { date: string; startTime: string; status: ManageStatus };
  /** The professional changed it in the Agenda: only the client is told (WhatsApp, e-mail). */
  byProfessional?: true;
}

/**
 * In the transaction of a client's change: the notice of the window `now` falls in, once (a
 * job of the same key already kept is not sent again, so its `before` stays the first one's).
 */
export async function planChangeNotice(
  db: Db,
  data: ChangeNoticeJobData,
  now: Date,
  windowMs = CHANGE_NOTICE_WINDOW_MS,
) {
  const window = Math.floor(now.getTime() / windowMs);
  // The professional's changes have notices of their own: they tell the client only.
  const by = data.byProfessional ? ':pro' : '';
  const key = `${reminderKey(data.professionalId, data.bookingId)}${by}:${window}`;
  const at = new Date((window + 1) * windowMs);
  await sendJobAt(db, CHANGE_NOTICE_QUEUE, key, at, data);
}

interface NoticeDeps {
  db: Db;
  clock: Clock;
  key: Buffer;
  publicUrl: string;
  changeChannel?: ChangeChannel;
}

/**
 * Another channel told of a moved or cancelled booking (features/whatsapp, handed in by app.ts),
 * in the notice's transaction: besides the client's e-mail after the client's own change; for
 * the professional's change, with the e-mail as `fallbackMail` should WhatsApp fail. It answers
 * `queued` (now or before), `off` (not on for the professional) or `undeliverable` (on, but not
 * to this client now: PARAR, no mobile, the month's cap).
 */
export type ChangeChannel = (
  db: Db,
  change: {
    professionalId: string;
    bookingId: string;
    clientId: string;
    clientName: string;
    phone: string | null;
    businessName: string;
    date: string;
    startTime: string;
    state: 'moved' | 'cancelled';
    manageUrl: string;
    fallbackMail: OutgoingMail | null;
  },
) => Promise<'queued' | 'off' | 'undeliverable'>;

/**
 * Queues the window's notices for the booking as it is now; none when nothing a reader would
 * see changed (moved and moved back), for the demo, or for a deleted booking.
 */
export async function sendChangeNotice(
  deps: NoticeDeps,
  { professionalId, bookingId, before, byProfessional }: ChangeNoticeJobData,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const profile = await findPublicProfileById({ db: tx }, professionalId);
    if (!profile || isDemoProfessional(profile.userId)) return false;
    const appointments = await listBookingAppointments({ db: tx }, professionalId, bookingId);
    const live = appointments.filter((a) => a.status !== 'cancelled');
    const shown = live.length > 0 ? live : appointments;
    const first = shown[0];
    if (!first) return false;
    const state = bookingStatus(live);
    const moved = first.appointmentDate !== before.date || first.startTime !== before.startTime;
    if (!moved && state === before.status) return false;
    const summary = summarizeBooking(profile, shown);
    const outcome = {
      state,
      previous:
        moved && state !== 'cancelled' ? { date: before.date, startTime: before.startTime } : null,
    };
    const change = {
      professionalId,
      bookingId,
      ...messageTarget(profile, first),
      state: state === 'cancelled' ? ('cancelled' as const) : ('moved' as const),
    };
    const now = deps.clock.now();
    const tag = { professionalId, clientId: first.clientId };
    if (byProfessional) {
      // Told only when it moved or was cancelled, and only while it is still ahead.
      const told = moved || (state === 'cancelled' && before.status !== 'cancelled');
      const [date, time] =
        state === 'cancelled'
          ? [before.date, before.startTime]
          : [first.appointmentDate, first.startTime];
      const start = zonedInstant(date, time, profile.timezone);
      if (!told || !deps.changeChannel || start <= now) return false;
      const url = await ensureManageLink({ ...deps, db: tx }, professionalId, bookingId, now);
      const mail = first.client.email
        ? renderChangeNoticeToClient(first.client.email, summary, outcome, url, 'professional')
        : null;
      const sent = await deps.changeChannel(tx, { ...change, manageUrl: url, fallbackMail: mail });
      // WhatsApp on for changes but not for this client: the e-mail tells them instead.
      if (sent === 'undeliverable' && mail) await enqueueMails({ db: tx }, [mail], now, tag);
      return sent !== 'off';
    }
    const agenda = `${deps.publicUrl}/dashboard/appointments`;
    const mails = [renderChangeNoticeToProfessional(profile.email, summary, outcome, agenda)];
    const link = await repo.findLink(tx, professionalId, bookingId);
    const url = link && manageUrl(deps.publicUrl, tokenFor(deps.key, bookingId, link.nonce));
    if (first.client.email && url) {
      mails.push(renderChangeNoticeToClient(first.client.email, summary, outcome, url));
    }
    if (url && deps.changeChannel && (moved || state === 'cancelled')) {
      await deps.changeChannel(tx, { ...change, manageUrl: url, fallbackMail: null });
    }
    // Tagged, so erasing the client or the account finds them (docs/decisions/012-lgpd.md).
    await enqueueMails({ db: tx }, mails, now, tag);
    return true;
  });
}

/** The notice's handler (db/queues.ts CHANGE_NOTICE_QUEUE). */
export function createChangeNoticeJob(
  options: NoticeDeps & { log: FastifyBaseLogger },
): JobWorker<ChangeNoticeJobData> {
  const { log, ...deps } = options;
  return {
    queue: CHANGE_NOTICE_QUEUE,
    // A notice is due at its window's end; a short look keeps it close to that time.
    pollingIntervalSeconds: 5,
    async handle(job) {
      const sent = await sendChangeNotice(deps, job.data);
      if (sent) log.info({ bookingId: job.data.bookingId }, 'change notice queued');
    },
  };
}
