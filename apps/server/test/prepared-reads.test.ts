import { addDaysToDate, WEEK_PERIOD_DAYS } from '@agendaki/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpProfessional, type SignedInProfessional } from './helpers/session';

/**
 * The agenda, the client list and the dashboard are statements built once per shape and
 * prepared, the request's values bound (docs/decisions/022-prepared-hot-reads.md). A value built
 * in by mistake would serve the first professional's data to the next: two professionals take
 * turns on every shape, and each must see exactly their own.
 */
const TODAY = '2026-11-20';

interface Seeded {
  pro: SignedInProfessional;
  clients: { id: string; name: string; phone: string }[];
  appointments: { id: string; date: string; start: string; status: string; client: string }[];
}

let ctx: TestContext;
let first: Seeded;
let second: Seeded;

async function seed(
  tag: string,
  people: { name: string; phone: string }[],
  plan: { date: string; start: string; status: string; client: number }[],
): Promise<Seeded> {
  const pro = await signUpProfessional(ctx, { businessName: `Studio ${tag}` });
  const post = async (url: string, payload: object) => {
    const res = await pro.request({ method: 'POST', url, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const service = await post('/api/services', {
    name: `Corte ${tag}`,
    price: 50,
    durationMinutes: 30,
  });
  const clients = [];
  for (const person of people)
    clients.push({ ...person, id: (await post('/api/clients', person)).id });
  const appointments = [];
  for (const item of plan) {
    const created = await post('/api/appointments', {
      clientId: clients[item.client]!.id,
      serviceId: service.id,
      appointmentDate: item.date,
      startTime: item.start,
      status: item.status,
    });
    appointments.push({ ...item, id: created.id, client: clients[item.client]!.id });
  }
  return { pro, clients, appointments };
}

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set(`${TODAY}T12:00:00Z`); // 09:00 in São Paulo
  // Different counts everywhere, so a figure of the other professional cannot pass for one's own.
  first = await seed(
    'A',
    [
      { name: 'Ana Souza', phone: '11 98765-1111' },
      { name: 'Beto Lima', phone: '11 91234-2222' },
    ],
    [
      { date: '2026-11-05', start: '09:00', status: 'no_show', client: 0 },
      { date: '2026-11-06', start: '09:00', status: 'no_show', client: 0 },
      { date: '2026-11-18', start: '10:00', status: 'completed', client: 1 },
      { date: TODAY, start: '14:00', status: 'confirmed', client: 1 },
      { date: TODAY, start: '15:00', status: 'scheduled', client: 0 },
      { date: '2026-11-24', start: '11:00', status: 'confirmed', client: 0 },
      { date: '2026-12-15', start: '11:00', status: 'confirmed', client: 1 },
    ],
  );
  second = await seed(
    'B',
    [
      { name: 'Carla Souza', phone: '21 98765-3333' },
      { name: 'Dora Reis', phone: '21 97777-4444' },
      { name: 'Eva Souza', phone: '21 96666-5555' },
    ],
    [
      { date: '2026-11-09', start: '16:00', status: 'no_show', client: 2 },
      { date: '2026-11-19', start: '08:00', status: 'completed', client: 0 },
      { date: '2026-11-19', start: '09:00', status: 'completed', client: 1 },
      { date: TODAY, start: '10:00', status: 'confirmed', client: 2 },
      { date: '2026-11-30', start: '13:00', status: 'scheduled', client: 1 },
    ],
  );
});
afterAll(async () => {
  await ctx.close();
});

const byId = (items: { id: string }[]) => items.map((item) => item.id).sort();

async function get(who: Seeded, url: string) {
  const res = await who.pro.request({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const weekEnd = addDaysToDate(TODAY, WEEK_PERIOD_DAYS);
const agendaShapes: [string, (a: Seeded['appointments'][number], who: Seeded) => boolean][] = [
  ['', () => true],
  ['period=today', (a) => a.date === TODAY],
  ['period=week', (a) => a.date >= TODAY && a.date <= weekEnd],
  ['status=no_show', (a) => a.status === 'no_show'],
  ['status=completed&period=week', () => false],
  ['search=souza', (a, who) => who.clients.find((c) => c.id === a.client)!.name.includes('Souza')],
  ['search=98765', (a, who) => who.clients.find((c) => c.id === a.client)!.phone.includes('98765')],
];

describe('reads prepared once per shape, two professionals taking turns', () => {
  it('the agenda: each shape answers each professional with their own appointments', async () => {
    for (const [query, keep] of agendaShapes) {
      for (const who of [first, second, first, second]) {
        const page = await get(who, `/api/appointments?${query}`);
        const expected = who.appointments.filter((a) => keep(a, who));
        expect(byId(page.items), `${query} (${who.clients[0]!.name})`).toEqual(byId(expected));
        expect(page.total).toBe(expected.length);
      }
    }
  });

  it('a page past the end still counts the professional’s own appointments', async () => {
    for (const who of [first, second, first]) {
      const page = await get(who, '/api/appointments?page=5&pageSize=2');
      expect(page.items).toEqual([]);
      expect(page.total).toBe(who.appointments.length);
      const searched = await get(who, '/api/appointments?search=souza&page=5&pageSize=2');
      const souzas = who.appointments.filter((a) =>
        who.clients.find((c) => c.id === a.client)!.name.includes('Souza'),
      );
      expect(searched.total).toBe(souzas.length);
    }
  });

  it('the client list: own clients, own totals and own no-show counts', async () => {
    const shapes: [string, (c: Seeded['clients'][number]) => boolean][] = [
      ['', () => true],
      ['sort=name', () => true],
      ['search=souza', (c) => c.name.includes('Souza')],
      ['search=98765', (c) => c.phone.includes('98765')],
      ['search=souza&sort=name', (c) => c.name.includes('Souza')],
    ];
    for (const [query, keep] of shapes) {
      for (const who of [second, first, second, first]) {
        const page = await get(who, `/api/clients?${query}`);
        const expected = who.clients.filter(keep);
        expect(byId(page.items), `${query} (${who.clients[0]!.name})`).toEqual(byId(expected));
        expect(page.total).toBe(expected.length);
        for (const item of page.items as { id: string; noShowCount: number }[]) {
          const noShows = who.appointments.filter(
            (a) => a.client === item.id && a.status === 'no_show',
          ).length;
          expect(item.noShowCount).toBe(noShows);
        }
      }
    }
    const past = await get(second, '/api/clients?page=4&pageSize=1');
    expect(past.total).toBe(second.clients.length);
  });

  it('the dashboard: own figures and own next appointments', async () => {
    for (const who of [first, second, first, second]) {
      const summary = await get(who, '/api/dashboard/summary');
      const kept = (a: Seeded['appointments'][number]) => a.status !== 'no_show';
      expect(summary.todayCount).toBe(who.appointments.filter((a) => a.date === TODAY).length);
      expect(summary.monthNoShows).toBe(
        who.appointments.filter((a) => a.status === 'no_show' && a.date.startsWith('2026-11'))
          .length,
      );
      expect(summary.monthAppointments).toBe(
        who.appointments.filter((a) => kept(a) && a.date >= '2026-11-01' && a.date <= TODAY).length,
      );
      expect(summary.clientsTotal).toBe(who.clients.length);
      const next = who.appointments
        .filter((a) => kept(a) && (a.date > TODAY || (a.date === TODAY && a.start >= '09:00')))
        .sort((a, b) => `${a.date} ${a.start}`.localeCompare(`${b.date} ${b.start}`));
      expect(summary.upcoming.map((a: { id: string }) => a.id)).toEqual(next.map((a) => a.id));
    }
  });
});
