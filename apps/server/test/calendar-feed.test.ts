import { eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeeds, profiles } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpProfessional, type SignedInProfessional } from './helpers/session';

/**
 * Configurações > Calendário (docs/decisions/014-calendar-and-numbers.md): the secret feed,
 * parsed back with a real parser (node-ical), in a zone with daylight saving time (Lisbon) and
 * in São Paulo (none since 2019).
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
  ctx.clock.set('2026-11-20T12:00:00Z');
});
afterAll(async () => {
  await ctx.close();
});

interface Pro extends SignedInProfessional {
  profileId: string;
  serviceId: string;
  clientId: string;
}

async function setUpProfessional(timezone: string, businessName: string): Promise<Pro> {
  const pro = await signUpProfessional(ctx, { businessName });
  const me = (await pro.request({ method: 'GET', url: '/api/me' })).json();
  await ctx.database.db.update(profiles).set({ timezone }).where(eq(profiles.id, me.profile.id));
  const service = await pro.request({
    method: 'POST',
    url: '/api/services',
    payload: { name: 'Corte', price: 50, durationMinutes: 60 },
  });
  const client = await pro.request({
    method: 'POST',
    url: '/api/clients',
    payload: { name: 'Ana; Souza, "VIP"', phone: '11987654321' },
  });
  return {
    ...pro,
    profileId: me.profile.id,
    serviceId: service.json().id,
    clientId: client.json().id,
  };
}

async function book(pro: Pro, appointmentDate: string, startTime: string, status?: string) {
  const res = await pro.request({
    method: 'POST',
    url: '/api/appointments',
    payload: {
      clientId: pro.clientId,
      serviceId: pro.serviceId,
      appointmentDate,
      startTime,
      ...(status ? { status } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function createFeed(pro: Pro) {
  const res = await pro.request({ method: 'POST', url: '/api/settings/calendar-feed' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { webcalUrl: string; httpsUrl: string; createdAt: string };
}

let addressCounter = 0;
/** Calendar apps carry no cookie: the feed is fetched anonymously, from its own address. */
function fetchFeed(url: string, remoteAddress = `192.0.2.${(addressCounter++ % 250) + 1}`) {
  return ctx.app.inject({ method: 'GET', url: new URL(url).pathname, remoteAddress });
}

function eventsOf(text: string): VEvent[] {
  return Object.values(ical.sync.parseICS(text)).filter(
    (component): component is VEvent => component?.type === 'VEVENT',
  );
}

describe('the calendar feed', () => {
  let lisbon: Pro;
  let ids: Record<string, string>;

  beforeAll(async () => {
    lisbon = await setUpProfessional('Europe/Lisbon', 'Salão Lisboa');
    ids = {
      // Summer time (WEST, UTC+1) until Oct 25: 09:00 is 08:00Z.
      summer: await book(lisbon, '2026-10-22', '09:00'),
      // Winter time (WET, UTC+0): 09:00 is 09:00Z.
      winter: await book(lisbon, '2026-11-25', '09:00'),
      lateEvening: await book(lisbon, '2026-11-26', '23:00'),
      cancelled: await book(lisbon, '2026-11-27', '10:00', 'cancelled'),
      noShow: await book(lisbon, '2026-11-18', '15:00', 'no_show'),
      tooOld: await book(lisbon, '2026-10-20', '09:00'),
      tooFar: await book(lisbon, '2027-05-20', '09:00'),
      lastDay: await book(lisbon, '2027-05-19', '09:00'),
    };
  });

  it('gives a webcal:// address with a 256-bit token, and keeps only its hash', async () => {
    const feed = await createFeed(lisbon);
    const token = /\/ics\/([A-Za-z0-9_-]+)\.ics$/.exec(feed.webcalUrl)?.[1] ?? '';
    expect(feed.webcalUrl).toMatch(/^webcal:\/\/[^/]+\/ics\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(feed.httpsUrl.replace(/^https?:/, 'webcal:')).toBe(feed.webcalUrl);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await ctx.database.db
      .select()
      .from(calendarFeeds)
      .where(eq(calendarFeeds.professionalId, lisbon.profileId));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    const status = await lisbon.request({ method: 'GET', url: '/api/settings/calendar-feed' });
    expect(status.json()).toEqual({ isActive: true, createdAt: '2026-11-20T12:00:00.000Z' });
    expect(JSON.stringify(status.json())).not.toContain(token);
  });

  it('serves the last 30 and next 180 days at the right wall-clock times, with the VTIMEZONE', async () => {
    const feed = await createFeed(lisbon);
    const res = await fetchFeed(feed.httpsUrl);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toContain('no-store');
    const text = res.body;
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Lisbon');
    expect(text).toContain('DTSTART;TZID=Europe/Lisbon:20261022T090000');
    expect(text).toContain('DTSTART;TZID=Europe/Lisbon:20261125T090000');

    const events = eventsOf(text);
    const byUid = new Map(events.map((event) => [event.uid, event]));
    expect([...byUid.keys()].sort()).toEqual(
      [ids.summer, ids.winter, ids.lateEvening, ids.cancelled, ids.noShow, ids.lastDay]
        .map((id) => `${id}@agendaki`)
        .sort(),
    );
    const at = (key: string) => byUid.get(`${ids[key]}@agendaki`)!;
    expect(at('summer').start.toISOString()).toBe('2026-10-22T08:00:00.000Z');
    expect(at('summer').end?.toISOString()).toBe('2026-10-22T09:00:00.000Z');
    expect(at('winter').start.toISOString()).toBe('2026-11-25T09:00:00.000Z');
    expect(at('lateEvening').start.toISOString()).toBe('2026-11-26T23:00:00.000Z');
    expect(at('lateEvening').end?.toISOString()).toBe('2026-11-27T00:00:00.000Z');
    expect(at('summer').start.tz).toBe('Europe/Lisbon');
    expect(at('cancelled').status).toBe('CANCELLED');
    expect(at('winter').status).toBe('CONFIRMED');
    expect(at('winter').summary).toBe('Corte – Ana; Souza, "VIP"');
    expect(at('noShow').description).toContain('Status: Não compareceu');
    expect(at('winter').description).toContain('Telefone: (11) 98765-4321');
  });

  it('in São Paulo: no daylight saving time in the VTIMEZONE, times right', async () => {
    const saoPaulo = await setUpProfessional('America/Sao_Paulo', 'Studio SP');
    const id = await book(saoPaulo, '2026-12-01', '09:30');
    const text = (await fetchFeed((await createFeed(saoPaulo)).httpsUrl)).body;
    const vtimezone = /BEGIN:VTIMEZONE[\s\S]*?END:VTIMEZONE/.exec(text)?.[0] ?? '';
    expect(vtimezone).toContain('TZID:America/Sao_Paulo');
    expect(vtimezone).not.toContain('DAYLIGHT');
    const [event] = eventsOf(text);
    expect(event?.uid).toBe(`${id}@agendaki`);
    expect(event?.start.toISOString()).toBe('2026-12-01T12:30:00.000Z');
    expect(text).not.toContain(lisbon.profileId);
    expect(text).not.toContain('Lisboa');
  });
});

describe('attacks on the feed token', () => {
  it('a wrong, malformed or guessed token is a 404 that reveals nothing', async () => {
    const pro = await setUpProfessional('America/Manaus', 'Studio Manaus');
    await book(pro, '2026-11-25', '09:00');
    const { httpsUrl } = await createFeed(pro);
    const token = /\/ics\/(.+)\.ics$/.exec(httpsUrl)![1]!;
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    for (const path of [
      `/ics/${flipped}.ics`,
      `/ics/${token.slice(0, 42)}.ics`,
      `/ics/${token}`,
      `/ics/${token}x.ics`,
      `/ics/${pro.profileId}.ics`,
      `/ics/${'A'.repeat(43)}.ics`,
      '/ics/..%2f..%2fetc%2fpasswd.ics',
    ]) {
      const res = await fetchFeed(`http://x${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual({
        statusCode: 404,
        code: 'NOT_FOUND',
        message: 'Calendário não encontrado',
      });
    }
    expect((await fetchFeed(httpsUrl)).statusCode).toBe(200);
  });

  it('a rotated address stops at once; the new one works; a disabled one stops', async () => {
    const pro = await setUpProfessional('America/Manaus', 'Studio Rotação');
    const first = await createFeed(pro);
    expect((await fetchFeed(first.httpsUrl)).statusCode).toBe(200);
    ctx.clock.advance(60_000);
    const second = await createFeed(pro);
    expect(second.httpsUrl).not.toBe(first.httpsUrl);
    expect((await fetchFeed(first.httpsUrl)).statusCode).toBe(404);
    expect((await fetchFeed(second.httpsUrl)).statusCode).toBe(200);

    const off = await pro.request({ method: 'DELETE', url: '/api/settings/calendar-feed' });
    expect(off.statusCode).toBe(204);
    expect((await fetchFeed(second.httpsUrl)).statusCode).toBe(404);
    const status = await pro.request({ method: 'GET', url: '/api/settings/calendar-feed' });
    expect(status.json()).toEqual({ isActive: false, createdAt: null });
  });

  it("another professional's rotation or deletion leaves this feed alone", async () => {
    const owner = await setUpProfessional('America/Manaus', 'Studio Dono');
    const other = await setUpProfessional('America/Manaus', 'Studio Outro');
    const feed = await createFeed(owner);
    await createFeed(other);
    await other.request({ method: 'DELETE', url: '/api/settings/calendar-feed' });
    expect((await fetchFeed(feed.httpsUrl)).statusCode).toBe(200);
    const otherStatus = await other.request({ method: 'GET', url: '/api/settings/calendar-feed' });
    expect(otherStatus.json().isActive).toBe(false);
  });

  it('needs a session to make or see an address', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await ctx.app.inject({ method, url: '/api/settings/calendar-feed' });
      expect(res.statusCode, method).toBe(401);
    }
  });

  it('guessing is rate-limited per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 70; i += 1) {
      const guess = Buffer.alloc(32, i).toString('base64url');
      statuses.push((await fetchFeed(`http://x/ics/${guess}.ics`, '198.51.100.7')).statusCode);
    }
    expect(statuses.slice(0, 60).every((status) => status === 404)).toBe(true);
    expect(statuses.slice(60).every((status) => status === 429)).toBe(true);
  });
});
