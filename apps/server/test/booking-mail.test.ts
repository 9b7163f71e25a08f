import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIcs, escapeIcsText, foldIcsLine, zonedInstant } from '../src/lib/ics';
import { createTestApp, type TestContext } from './helpers/app';
import {
  bookingBody,
  createBookableProfessional,
  MONDAY,
  outboxTo,
  postBooking,
  type BookableProfessional,
} from './helpers/booking';

let ctx: TestContext;
let shop: BookableProfessional;

beforeAll(async () => {
  ctx = await createTestApp();
  shop = await createBookableProfessional(ctx, {
    businessName: 'Barbearia do Zé',
    professionalName: 'José Lima',
    services: [
      { name: 'Corte, lavagem; finalização', price: 50, durationMinutes: 60 },
      { name: 'Barba', price: 35.5, durationMinutes: 30 },
    ],
  });
});
afterAll(async () => {
  await ctx.close();
});

/** Unfolds an iCalendar text and splits it into its content lines. */
const icsLines = (ics: string) => ics.replace(/\r\n /g, '').split('\r\n');

describe('mails of a booking', () => {
  it('queues a pt-BR confirmation with an .ics to the client and a notice to the professional', async () => {
    const body = bookingBody(shop, {
      serviceIds: shop.services.map((s) => s.id),
      date: MONDAY,
      time: '09:00',
      clientName: 'Carla Dias',
      clientEmail: 'Carla.Dias@exemplo.com.br',
      clientPhone: '(11) 97777-0000',
      notes: 'Chego de bicicleta',
    });
    const res = await postBooking(ctx, body);
    expect(res.statusCode, res.body).toBe(201);
    const [appointmentA, appointmentB] = res.json().appointments;

    const [toClient, ...moreToClient] = await outboxTo(ctx, 'Carla.Dias@exemplo.com.br');
    expect(moreToClient).toHaveLength(0);
    expect(toClient!.status).toBe('pending');
    expect(toClient!.subject).toBe('Agendamento confirmado: Barbearia do Zé, 23/11/2026 às 09:00');
    for (const part of [
      'Olá, Carla Dias!',
      'Seu agendamento em Barbearia do Zé está confirmado.',
      'Data: 23/11/2026',
      'Horário: 09:00 às 10:30',
      'Profissional: José Lima',
      'Total: R$ 85,50',
      '- Corte, lavagem; finalização: 09:00 às 10:00 (R$ 50,00)',
      '- Barba: 10:00 às 10:30 (R$ 35,50)',
      'Observações: Chego de bicicleta',
    ]) {
      expect(toClient!.text).toContain(part);
    }
    expect(toClient!.html).toContain('R$ 85,50');
    // How the client asks for a copy or the deletion (LGPD, docs/decisions/012-lgpd.md).
    expect(toClient!.text).toContain(
      `Como seus dados são usados e como pedir uma cópia ou a exclusão: ${ctx.env.PUBLIC_URL}/privacidade`,
    );
    // Tagged, so erasing the client or the account finds it.
    expect(toClient!.aboutProfessionalId).toBe(body.professionalId);
    expect(toClient!.aboutClientId).not.toBeNull();

    expect(toClient!.attachments).toHaveLength(1);
    const [ics] = toClient!.attachments;
    expect(ics).toMatchObject({
      filename: 'agendamento.ics',
      contentType: expect.stringContaining('text/calendar'),
    });
    const lines = icsLines(ics!.content);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines).toContain(`UID:${appointmentA.id}@agendaki`);
    expect(lines).toContain(`UID:${appointmentB.id}@agendaki`);
    // 09:00 in São Paulo (UTC-3) is 12:00 UTC.
    expect(lines).toContain('DTSTART:20261123T120000Z');
    expect(lines).toContain('DTEND:20261123T130000Z');
    expect(lines).toContain('DTSTART:20261123T130000Z');
    expect(lines).toContain('DTEND:20261123T133000Z');
    expect(lines).toContain('DTSTAMP:20261121T120000Z');
    expect(lines).toContain('SUMMARY:Corte\\, lavagem\\; finalização - Barbearia do Zé');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
    expect(ics!.content.endsWith('\r\n')).toBe(true);

    const toPro = (await outboxTo(ctx, shop.pro.email)).filter((m) =>
      m.subject.startsWith('Novo agendamento'),
    );
    expect(toPro).toHaveLength(1);
    expect(toPro[0]!.subject).toBe('Novo agendamento: Carla Dias, 23/11/2026 às 09:00');
    for (const part of [
      // Shown, but not a live link (docs/decisions/031): a zero-width space around each dot.
      'Carla\u200b.\u200bDias@exemplo\u200b.\u200bcom\u200b.\u200bbr',
      '(11) 97777-0000',
      'Chego de bicicleta',
      'R$ 85,50',
    ]) {
      expect(toPro[0]!.text).toContain(part);
    }
    expect(toPro[0]!.text).toContain(`${ctx.env.PUBLIC_URL}/dashboard/appointments`);
    expect(toPro[0]!.attachments).toEqual([]);
  });

  it('queues nothing when the booking is refused', async () => {
    const res = await postBooking(
      ctx,
      bookingBody(shop, { date: MONDAY, time: '09:00', clientEmail: 'recusada@exemplo.com.br' }),
    );
    expect(res.statusCode).toBe(409);
    expect(await outboxTo(ctx, 'recusada@exemplo.com.br')).toHaveLength(0);
  });

  it('escapes HTML of what visitors type', async () => {
    const res = await postBooking(
      ctx,
      bookingBody(shop, {
        time: '14:00',
        clientName: '<b>Ana</b>',
        clientEmail: 'ana.html@exemplo.com.br',
        notes: '<script>alert(1)</script>',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await outboxTo(ctx, 'ana.html@exemplo.com.br');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('&lt;b&gt;Ana&lt;/b&gt;');
  });
});

describe('iCalendar helpers', () => {
  it('converts wall-clock times in the zone to instants, 24:00 being the next midnight', () => {
    expect(zonedInstant('2026-11-23', '09:00', 'America/Sao_Paulo').toISOString()).toBe(
      '2026-11-23T12:00:00.000Z',
    );
    expect(zonedInstant('2026-11-23', '24:00', 'America/Sao_Paulo').toISOString()).toBe(
      '2026-11-24T03:00:00.000Z',
    );
    expect(zonedInstant('2026-07-01', '09:00', 'Europe/Lisbon').toISOString()).toBe(
      '2026-07-01T08:00:00.000Z',
    );
    expect(zonedInstant('2026-07-01', '09:00', 'Nowhere/Invalid').toISOString()).toBe(
      '2026-07-01T12:00:00.000Z',
    );
  });

  it('escapes text and folds long lines at 75 octets without splitting a character', () => {
    expect(escapeIcsText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    const folded = foldIcsLine(`SUMMARY:${'é'.repeat(60)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(`SUMMARY:${'é'.repeat(60)}`);
  });

  it('writes one event per appointment', () => {
    const ics = buildIcs({
      timeZone: 'America/Manaus',
      now: new Date('2026-11-21T12:00:00Z'),
      events: [
        {
          uid: 'a@agendaki',
          date: '2026-11-23',
          startTime: '23:30',
          endTime: '24:00',
          summary: 'S',
          description: 'D',
        },
      ],
    });
    expect(icsLines(ics)).toEqual(
      expect.arrayContaining([
        'DTSTART:20261124T033000Z',
        'DTEND:20261124T040000Z',
        'UID:a@agendaki',
      ]),
    );
  });
});
