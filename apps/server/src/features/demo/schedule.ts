import { addDaysToDate, getWeekday } from '@agendaki/shared';
import type { Db } from '../../db/client';
import { getSqlState, SQLSTATE } from '../../lib/errors';
import { listLiveAppointmentsBetween } from '../appointments/service';
import {
  addBlock,
  findHolidays,
  listBlocks,
  listExceptions,
  saveException,
} from '../schedule/service';
import { DEMO_DAYS_AHEAD } from './data';

const DEMO_BLOCK = { startTime: '12:00', endTime: '13:00', note: 'Almoço com fornecedor' };

/**
 * The demo shows a real week (docs/decisions/009-real-week.md): the next national holiday
 * closed, and on Saturday (open through lunch) an hour blocked. Added only while the demo has
 * no date closed and no block ahead, so running it again adds nothing.
 */
export async function ensureDemoSchedule(db: Db, profileId: string, today: string): Promise<void> {
  if ((await listExceptions({ db }, profileId, today)).length === 0) {
    const [holiday] = findHolidays(null, today, addDaysToDate(today, 365));
    if (holiday) {
      const listLiveAppointments = (tx: Db, id: string, range: { from: string; to: string }) =>
        listLiveAppointmentsBetween({ db: tx }, id, range);
      await saveException({ db, listLiveAppointments }, profileId, holiday.date, {
        windows: [],
        note: holiday.name,
      });
    }
  }
  const horizon = { from: today, to: addDaysToDate(today, DEMO_DAYS_AHEAD) };
  if ((await listBlocks({ db }, profileId, horizon)).length > 0) return;
  for (let offset = 1; offset <= DEMO_DAYS_AHEAD; offset += 1) {
    const date = addDaysToDate(today, offset);
    if (getWeekday(date) !== 6) continue;
    try {
      await db.transaction((tx) => addBlock({ db: tx }, profileId, { date, ...DEMO_BLOCK }));
    } catch (error) {
      // A visitor booked that hour: their appointment stays, the block is skipped.
      if (getSqlState(error) !== SQLSTATE.EXCLUSION_VIOLATION) throw error;
    }
    return;
  }
}
