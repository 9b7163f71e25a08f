// The six measured endpoints and how each request is made: every request differs (another
// professional, date, page, search term or free slot), as real traffic does.
import { randomUUID } from 'node:crypto';
import { addDaysToDate } from '@agendaki/shared';
import { createPowPool } from './pow.mjs';

const SEARCHES = [
  'ana',
  'Souza',
  'oliv',
  'rafa',
  'lima',
  '9876',
  'exemplo',
  'gon',
  'Paula R',
  'tiago.',
];
const AGENDA_QUERIES = [
  'page=1&pageSize=20',
  'period=week&page=1&pageSize=20',
  'period=today&page=1&pageSize=20',
  'status=completed&page=3&pageSize=20',
  'search=souza&page=1&pageSize=20',
  'page=10&pageSize=20',
];

export function defineEndpoints(data) {
  const { professionals, freeSlots, session, today } = data;
  const cookie = { cookie: session.cookie };
  const dates = Array.from({ length: 14 }, (_, d) => addDaysToDate(today, d + 1));
  let n = 0;
  const cycle = (list) => list[n++ % list.length];
  let slot = 0;
  let address = 0;
  const pows = createPowPool();

  return [
    {
      key: 'page',
      label: 'Public page `GET /book/:link` (HTML)',
      connections: 10,
      next: () => ({ path: `/book/${cycle(professionals).customLink}` }),
    },
    {
      key: 'slots',
      label: 'Slots `GET /api/public/professionals/:link/slots`',
      connections: 10,
      next: () => {
        const pro = professionals[n % professionals.length];
        const date = dates[Math.floor(n / professionals.length) % dates.length];
        const services = pro.serviceIds.slice(0, 1 + (n % 2));
        n += 1;
        return {
          path: `/api/public/professionals/${pro.customLink}/slots?date=${date}&serviceIds=${services.join(',')}`,
        };
      },
    },
    {
      key: 'booking',
      label: 'Create booking `POST /api/public/bookings`',
      connections: 50,
      method: 'POST',
      /** Solves the proof of work of the next `requests` bookings (each solution books once). */
      prepare: (url, requests) =>
        pows.fill(url, Math.min(requests, Math.max(0, freeSlots.length - slot))),
      next: () => {
        const free = freeSlots[slot];
        slot += 1;
        if (!free) throw new Error('os horários livres pré-calculados acabaram');
        address += 1;
        const id = randomUUID();
        return {
          method: 'POST',
          path: '/api/public/bookings',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
          },
          body: JSON.stringify({
            professionalId: free.profileId,
            serviceIds: [free.serviceId],
            date: free.date,
            time: free.time,
            clientName: `Cliente Benchmark ${address}`,
            clientEmail: `cliente.${id.slice(0, 12)}@exemplo.com.br`,
            clientPhone: '11 91234-5678',
            notes: null,
            idempotencyKey: id,
            pow: pows.take(),
          }),
        };
      },
    },
    {
      key: 'agenda',
      label: 'Agenda list `GET /api/appointments` (session)',
      connections: 10,
      next: () => ({ path: `/api/appointments?${cycle(AGENDA_QUERIES)}`, headers: cookie }),
    },
    {
      key: 'clients',
      label: 'Client search `GET /api/clients?search=` (session)',
      connections: 10,
      next: () => ({
        path: `/api/clients?search=${encodeURIComponent(cycle(SEARCHES))}&page=1&pageSize=20`,
        headers: cookie,
      }),
    },
    {
      key: 'dashboard',
      label: 'Dashboard stats `GET /api/dashboard/summary` (session)',
      connections: 10,
      next: () => ({ path: '/api/dashboard/summary', headers: cookie }),
    },
  ];
}
