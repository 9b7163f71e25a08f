// `npm run bench:scale`'s data: a real week through the professional's own API, and the agenda
// grown by SQL back in time.
import { randomUUID } from 'node:crypto';
import { withClient } from './database.mjs';
import { solvedPow } from './pow.mjs';

/** The booking horizon's default (packages/shared/src/booking-rules.ts, horizonDays). */
export const HORIZON_DAYS = 60;
const fmtInt = (n) => n.toLocaleString('en-US');
/** Calendar arithmetic on ISO dates (UTC midnight, no zone involved). */
const isoDay = (date) => date.toISOString().slice(0, 10);
export const addDays = (iso, days) =>
  isoDay(new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000));

/**
 * What a real week adds to the slots (issue 11), through the professional's own API: a date
 * exception every third day of the booking horizon (every fourth of them closed), a week off,
 * and two blocks a day (lunch and a late break; a block over an appointment is refused, 409,
 * and not counted). Before that, a client books a free time on the public page: its manage link.
 */
export async function prepareRealWeek(server, { cookie, today, slot }) {
  const api = async (method, path, body, expected) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: { cookie, 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.9' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (!expected.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  };
  const booked = await api(
    'POST',
    '/api/public/bookings',
    {
      professionalId: slot.profileId,
      serviceIds: [slot.serviceId],
      date: slot.date,
      time: slot.time,
      clientName: 'Cliente Benchmark',
      clientEmail: 'cliente.scale@exemplo.com.br',
      clientPhone: '11 91234-5678',
      notes: null,
      idempotencyKey: randomUUID(),
      pow: await solvedPow(server.url),
    },
    [201],
  );
  const managePath = `/api/public/manage/${new URL(booked.json.manageUrl).pathname.split('/').pop()}`;
  let exceptions = 0;
  for (let day = 2; day < HORIZON_DAYS; day += 3) {
    exceptions += 1;
    const windows = exceptions % 4 === 0 ? [] : [{ startTime: '10:00', endTime: '16:00' }];
    await api(
      'PUT',
      `/api/availability/exceptions/${addDays(today, day)}`,
      { windows, note: 'Horário especial' },
      [200],
    );
  }
  const timeOffDays = 7;
  await api(
    'POST',
    '/api/availability/time-off',
    {
      startDate: addDays(today, 20),
      endDate: addDays(today, 20 + timeOffDays - 1),
      note: 'Férias',
    },
    [201],
  );
  let blocks = 0;
  for (let day = 0; day < HORIZON_DAYS; day += 1) {
    for (const [startTime, endTime] of [
      ['12:00', '13:00'],
      ['17:30', '18:00'],
    ]) {
      const { status } = await api(
        'POST',
        '/api/blocks',
        { date: addDays(today, day), startTime, endTime, note: 'Pausa' },
        [201, 409],
      );
      if (status === 201) blocks += 1;
    }
  }
  return { managePath, schedule: { exceptions, timeOffDays, blocks } };
}

export function countAppointments(url, profileId) {
  return withClient(url, async (client) =>
    Number(
      (
        await client.query('SELECT count(*) AS n FROM appointments WHERE professional_id = $1', [
          profileId,
        ])
      ).rows[0].n,
    ),
  );
}

/**
 * Grows the professional's agenda to `target` appointments, back in time before the earliest
 * one, in statements of at most 50,000 rows.
 */
export async function growTo(url, profileId, target, log) {
  await withClient(url, async (client) => {
    const count = async () =>
      Number(
        (
          await client.query('SELECT count(*) AS n FROM appointments WHERE professional_id = $1', [
            profileId,
          ])
        ).rows[0].n,
      );
    let current = await count();
    while (current < target) {
      const rows = Math.min(50_000, target - current);
      await client.query(
        `WITH svc AS (
           SELECT array_agg(id ORDER BY name) AS ids, array_agg(price ORDER BY name) AS prices,
                  array_agg(duration_minutes ORDER BY name) AS durations
           FROM services WHERE professional_id = $1 AND is_active
         ), cli AS (
           SELECT array_agg(id ORDER BY id) AS ids FROM clients WHERE professional_id = $1
         ), base AS (
           SELECT min(appointment_date) - 1 AS day FROM appointments WHERE professional_id = $1
         )
         INSERT INTO appointments
           (professional_id, client_id, service_id, appointment_date, start_time, end_time,
            total_price, status)
         SELECT $1,
                cli.ids[1 + (i * 7919) % cardinality(cli.ids)],
                svc.ids[1 + i % cardinality(svc.ids)],
                base.day - (i / 23),
                make_time(i % 23, 0, 0),
                make_time(i % 23, 0, 0)
                  + make_interval(mins => svc.durations[1 + i % cardinality(svc.ids)]),
                svc.prices[1 + i % cardinality(svc.ids)],
                CASE WHEN i % 10 = 3 THEN 'cancelled' WHEN i % 17 = 5 THEN 'no_show'
                     ELSE 'completed' END
         FROM generate_series(0, $2::int - 1) AS i, svc, cli, base`,
        [profileId, rows],
      );
      current = await count();
      log(`  ${fmtInt(current)} appointments`);
    }
    // Fresh statistics, as autovacuum would have them on an agenda that grew over years.
    await client.query('VACUUM ANALYZE');
  });
}
