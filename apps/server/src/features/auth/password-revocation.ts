import type { CalendarFeedCreated } from '@agendaki/shared';
import type { Db } from '../../db/client';
import { disableFeedIfActive, rotateFeedIfActive } from '../calendar-feed/service';
import { enqueueMail } from '../mail/service';
import { renderPasswordChangedMail } from '../../lib/mail-templates';
import { getProfileByUserId } from '../profile/service';
import { deleteSessionsOfUser, deleteTokensOfUser } from './repo';
import type { AuthServiceDeps } from './service';

/**
 * What the old password opened stops with it (issue 44, finding 11): unused sign-in and reset
 * links, the sessions (all after a reset; all but the current one after a change), and the
 * calendar feed's secret address (a new one after a change, shown once; off after a reset,
 * when nobody is signed in to see one). The owner gets a pt-BR notice. Runs in `tx`, the
 * password's own transaction.
 */
export async function revokeWithOldPassword(
  tx: Db,
  deps: Pick<AuthServiceDeps, 'clock' | 'publicUrl'>,
  change: { userId: string; how: 'reset' | 'change'; keepSessionToken?: string },
): Promise<CalendarFeedCreated | null> {
  const { userId, how } = change;
  await deleteTokensOfUser(tx, 'sign-in', userId);
  await deleteTokensOfUser(tx, 'reset-password', userId);
  await deleteSessionsOfUser(tx, userId, { exceptToken: change.keepSessionToken });
  const profile = await getProfileByUserId({ db: tx }, userId);
  if (!profile) return null;
  const feedDeps = { db: tx, clock: deps.clock, publicUrl: deps.publicUrl };
  let created: CalendarFeedCreated | null = null;
  let calendarFeed: 'rotated' | 'disabled' | 'none' = 'none';
  if (how === 'change') {
    created = await rotateFeedIfActive(feedDeps, profile.id);
    if (created) calendarFeed = 'rotated';
  } else if (await disableFeedIfActive(feedDeps, profile.id)) {
    calendarFeed = 'disabled';
  }
  await enqueueMail(
    { db: tx },
    renderPasswordChangedMail({
      to: profile.email,
      name: profile.professionalName,
      link: `${deps.publicUrl}/dashboard/settings?tab=${calendarFeed === 'none' ? 'security' : 'calendar'}`,
      how,
      calendarFeed,
    }),
    deps.clock.now(),
  );
  return created;
}
