// `npm run bench:scale`'s requests: what each must send the same number of statements for at
// any size of the agenda, and how they are counted (count-queries.mjs, over IPC).
import { percentile } from './load.mjs';
import { addDays, HORIZON_DAYS } from './scale-data.mjs';

const round1 = (n) => Math.round(n * 10) / 10;

/** The requests whose statements must not grow with the data. */
export function defineEndpoints({ cookie, today, feedPath, slotsPath, managePath, schedule }) {
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const sunday = addDays(today, -weekday);
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  const lastMonthEnd = addDays(firstOfMonth, -1);
  const lastMonthStart = `${lastMonthEnd.slice(0, 7)}-01`;
  const session = { cookie };
  let visitor = 0;
  // Clients and calendar apps come from their own addresses; the public reads are limited per
  // address (the feed to 60 per 10 min).
  const visitorAddress = () => {
    visitor += 1;
    return { 'x-forwarded-for': `203.0.113.${1 + (visitor % 250)}` };
  };
  let slotsDay = 0;
  return [
    {
      key: 'reports',
      label: 'Relatórios `GET /api/reports`',
      path: '/api/reports',
      headers: () => session,
    },
    {
      key: 'csv',
      label: `CSV export of one month \`GET /api/reports/appointments.csv?from=${lastMonthStart}&to=${lastMonthEnd}\``,
      path: `/api/reports/appointments.csv?from=${lastMonthStart}&to=${lastMonthEnd}`,
      headers: () => session,
    },
    {
      key: 'agenda-day',
      label: 'Agenda day view `GET /api/agenda/calendar` (1 day)',
      path: `/api/agenda/calendar?from=${today}&to=${today}`,
      headers: () => session,
    },
    {
      key: 'agenda-week',
      label: 'Agenda week view `GET /api/agenda/calendar` (7 days)',
      path: `/api/agenda/calendar?from=${sunday}&to=${addDays(sunday, 6)}`,
      headers: () => session,
    },
    {
      key: 'feed',
      label: 'Calendar feed `GET /ics/<token>.ics`',
      path: feedPath,
      headers: visitorAddress,
    },
    {
      key: 'manage',
      label: "Client's manage page `GET /api/public/manage/<token>`",
      path: managePath,
      headers: visitorAddress,
    },
    {
      key: 'slots',
      label: `Slots of a day not read before \`GET /api/public/professionals/<link>/slots\`, with ${schedule.exceptions} date exceptions, ${schedule.timeOffDays} days off and ${schedule.blocks} blocks in the booking horizon`,
      // A new day each request: its busy times are not in the public read cache yet (the catalog
      // with the exceptions and days off is, after the first request).
      path: () => {
        slotsDay += 1;
        return slotsPath(addDays(today, 1 + ((slotsDay - 1) % (HORIZON_DAYS - 1))));
      },
      // Each size runs on a freshly started server: the same days, none cached yet.
      reset: () => {
        slotsDay = 0;
      },
      headers: visitorAddress,
    },
  ];
}

/** Zeroes the server's statement counter and waits until it has (one IPC round trip). */
export async function resetCount(server) {
  server.resetQueries();
  await server.countQueries();
}

/** `requests` sequential requests: statements and latency of each. */
export async function measureEndpoint(server, endpoint, requests) {
  const target = () => (typeof endpoint.path === 'function' ? endpoint.path() : endpoint.path);
  endpoint.reset?.();
  // Warm-up (the first request compiles code paths and fills connection pools).
  for (let i = 0; i < 3; i += 1) {
    const res = await fetch(`${server.url}${target()}`, { headers: endpoint.headers() });
    const body = await res.arrayBuffer();
    if (res.status !== 200) {
      throw new Error(
        `${endpoint.key}: ${res.status} ${Buffer.from(body).toString().slice(0, 300)}`,
      );
    }
  }
  const counts = [];
  const latencies = [];
  let bytes = 0;
  for (let i = 0; i < requests; i += 1) {
    const url = `${server.url}${target()}`;
    await resetCount(server);
    const started = performance.now();
    const res = await fetch(url, { headers: endpoint.headers() });
    const body = await res.arrayBuffer();
    latencies.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`${endpoint.key}: ${res.status}`);
    bytes = body.byteLength;
    counts.push(await server.countQueries());
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const frequency = new Map();
  for (const count of counts) frequency.set(count, (frequency.get(count) ?? 0) + 1);
  const distinct = [...frequency.keys()].sort((a, b) => a - b);
  // The most frequent count (the smallest on a tie): what one request sends. The server's
  // background work (pg-boss workers' polls) sometimes lands inside a request and adds one.
  const mode = distinct.reduce((best, n) => (frequency.get(n) > frequency.get(best) ? n : best));
  return {
    key: endpoint.key,
    label: endpoint.label,
    statements: distinct,
    min: distinct[0],
    mode,
    histogram: Object.fromEntries(frequency),
    p50: round1(percentile(sorted, 50)),
    p95: round1(percentile(sorted, 95)),
    responseBytes: bytes,
  };
}
