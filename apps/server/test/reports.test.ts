import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, clients, profiles, services } from '../src/db/schema';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpProfessional, type SignedInProfessional } from './helpers/session';

/**
 * Relatórios and the CSV export (docs/decisions/014-calendar-and-numbers.md): figures equal
 * hand-computed ones on seeded data with cancelled and no-show appointments, in Tokyo, where
 * "today" is already Saturday while it is still Friday in São Paulo.
 */
let ctx: TestContext;
let pro: SignedInProfessional & { profileId: string };
let ids: { corte: string; escova: string; ana: string; bia: string };

async function profileIdOf(who: SignedInProfessional): Promise<string> {
  return (await who.request({ method: 'GET', url: '/api/me' })).json().profile.id;
}

async function setTimezone(profileId: string, timezone: string) {
  await ctx.database.db.update(profiles).set({ timezone }).where(eq(profiles.id, profileId));
}

type Status = 'scheduled' | 'confirmed' | 'completed' | 'cancelled' | 'no_show';

async function seedAppointment(
  professionalId: string,
  values: {
    clientId: string;
    serviceId: string;
    date: string;
    start: string;
    end: string;
    price: string;
    status: Status;
    notes?: string;
  },
) {
  await ctx.database.db.insert(appointments).values({
    professionalId,
    clientId: values.clientId,
    serviceId: values.serviceId,
    appointmentDate: values.date,
    startTime: values.start,
    endTime: values.end,
    totalPrice: values.price,
    status: values.status,
    notes: values.notes ?? null,
  });
}

beforeAll(async () => {
  ctx = await createTestApp();
  // 11:00 on Saturday Nov 21 in Tokyo; 23:00 on Friday Nov 20 in São Paulo.
  ctx.clock.set('2026-11-21T02:00:00Z');
  const signedIn = await signUpProfessional(ctx);
  pro = { ...signedIn, profileId: await profileIdOf(signedIn) };
  await setTimezone(pro.profileId, 'Asia/Tokyo');
  const db = ctx.database.db;
  const [corte, escova] = await db
    .insert(services)
    .values([
      { professionalId: pro.profileId, name: 'Corte', price: '50.00', durationMinutes: 60 },
      {
        professionalId: pro.profileId,
        name: 'Escova; "premium"',
        price: '80.00',
        durationMinutes: 60,
      },
    ])
    .returning();
  const [ana, bia] = await db
    .insert(clients)
    .values([
      {
        professionalId: pro.profileId,
        name: 'Ana Conceição',
        phone: '11987654321',
        email: 'ana@exemplo.com.br',
      },
      { professionalId: pro.profileId, name: '=HYPERLINK("x")' },
    ])
    .returning();
  ids = { corte: corte!.id, escova: escova!.id, ana: ana!.id, bia: bia!.id };
  const a = (
    serviceId: string,
    clientId: string,
    date: string,
    start: string,
    end: string,
    price: string,
    status: Status,
    notes?: string,
  ) =>
    seedAppointment(pro.profileId, {
      serviceId,
      clientId,
      date,
      start,
      end,
      price,
      status,
      ...(notes ? { notes } : {}),
    });
  await a(ids.corte, ids.ana, '2026-11-21', '10:00', '11:00', '50.00', 'scheduled');
  await a(
    ids.escova,
    ids.bia,
    '2026-11-16',
    '14:00',
    '15:00',
    '80.00',
    'completed',
    'linha 1\nlinha 2; "fim"',
  );
  await a(ids.corte, ids.ana, '2026-11-16', '15:00', '16:00', '50.00', 'cancelled');
  await a(ids.corte, ids.ana, '2026-11-10', '09:00', '10:00', '50.00', 'no_show');
  await a(ids.escova, ids.ana, '2026-11-10', '10:00', '11:00', '80.00', 'confirmed');
  await a(ids.corte, ids.bia, '2026-08-30', '08:00', '09:00', '50.00', 'completed');
  // Outside the 12 weeks: the Saturday before, and tomorrow.
  await a(ids.corte, ids.ana, '2026-08-29', '08:00', '09:00', '50.00', 'completed');
  await a(ids.corte, ids.ana, '2026-11-22', '08:00', '09:00', '50.00', 'scheduled');

  // A neighbour with data on the same days, never counted.
  const other = await signUpProfessional(ctx);
  const otherId = await profileIdOf(other);
  const [otherService] = await db
    .insert(services)
    .values({ professionalId: otherId, name: 'Outro', price: '999.00', durationMinutes: 30 })
    .returning();
  const [otherClient] = await db
    .insert(clients)
    .values({ professionalId: otherId, name: 'Outra' })
    .returning();
  await seedAppointment(otherId, {
    serviceId: otherService!.id,
    clientId: otherClient!.id,
    date: '2026-11-16',
    start: '14:00',
    end: '14:30',
    price: '999.00',
    status: 'completed',
  });
});
afterAll(async () => {
  await ctx.close();
});

async function getReport() {
  const res = await pro.request({ method: 'GET', url: '/api/reports' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function zeroWeeksExcept(values: Record<string, [number, number]>) {
  const weeks = [];
  for (let i = 0; i < 12; i += 1) {
    const day = new Date(Date.UTC(2026, 7, 30 + 7 * i)).toISOString().slice(0, 10);
    const [revenueCents, appointmentsCount] = values[day] ?? [0, 0];
    weeks.push({ weekStart: day, revenueCents, appointments: appointmentsCount });
  }
  return weeks;
}

describe('GET /api/reports', () => {
  it('equals the hand-computed figures in Tokyo', async () => {
    expect(await getReport()).toEqual({
      from: '2026-08-30',
      to: '2026-11-21',
      weeks: zeroWeeksExcept({
        '2026-08-30': [5_000, 1],
        '2026-11-08': [8_000, 1],
        '2026-11-15': [13_000, 2],
      }),
      services: [
        {
          serviceId: ids.escova,
          serviceName: 'Escova; "premium"',
          appointments: 2,
          revenueCents: 16_000,
        },
        { serviceId: ids.corte, serviceName: 'Corte', appointments: 2, revenueCents: 10_000 },
      ],
      totals: {
        appointments: 6,
        kept: 4,
        cancelled: 1,
        noShows: 1,
        revenueCents: 26_000,
        cancellationRate: 1 / 6,
        noShowRate: 1 / 6,
      },
      weekdays: [
        { weekday: 0, appointments: 1 },
        { weekday: 1, appointments: 1 },
        { weekday: 2, appointments: 1 },
        { weekday: 3, appointments: 0 },
        { weekday: 4, appointments: 0 },
        { weekday: 5, appointments: 0 },
        { weekday: 6, appointments: 1 },
      ],
      hours: [
        { hour: 8, appointments: 1 },
        { hour: 10, appointments: 2 },
        { hour: 14, appointments: 1 },
      ],
      // Nothing was closed or sold here: no money in, no session owed (decision 038).
      received: {
        totalCents: 0,
        weeks: zeroWeeksExcept({}).map(({ weekStart }) => ({ weekStart, receivedCents: 0 })),
        methods: [],
      },
      unusedSessions: { sessions: 0, valueCents: 0, packages: 0 },
    });
  });

  it("follows the professional's zone: in São Paulo it is still Friday", async () => {
    await setTimezone(pro.profileId, 'America/Sao_Paulo');
    try {
      const report = await getReport();
      expect(report.to).toBe('2026-11-20');
      expect(report.totals).toMatchObject({ appointments: 5, kept: 3, revenueCents: 21_000 });
      expect(report.weeks.at(-1)).toEqual({
        weekStart: '2026-11-15',
        revenueCents: 8_000,
        appointments: 1,
      });
    } finally {
      await setTimezone(pro.profileId, 'Asia/Tokyo');
    }
  });

  it('an account without appointments gets zeros and no rates', async () => {
    const empty = await signUpProfessional(ctx);
    const report = (await empty.request({ method: 'GET', url: '/api/reports' })).json();
    expect(report.totals).toEqual({
      appointments: 0,
      kept: 0,
      cancelled: 0,
      noShows: 0,
      revenueCents: 0,
      cancellationRate: null,
      noShowRate: null,
    });
    expect(report.weeks).toHaveLength(12);
    expect(report.services).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/reports' })).statusCode).toBe(401);
    const csv = await ctx.app.inject({
      method: 'GET',
      url: '/api/reports/appointments.csv?from=2026-11-01&to=2026-11-30',
    });
    expect(csv.statusCode).toBe(401);
  });
});

/** A small RFC 4180 reader with `;`: what Excel and LibreOffice do with the file. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ';') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += char;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

describe('GET /api/reports/appointments.csv', () => {
  it('parsed back equals the appointments of the period, pt-BR formats', async () => {
    const res = await pro.request({
      method: 'GET',
      url: '/api/reports/appointments.csv?from=2026-11-10&to=2026-11-21',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="agendamentos-2026-11-10-a-2026-11-21.csv"',
    );
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(parseCsv(text)).toEqual([
      [
        'Data',
        'Início',
        'Fim',
        'Cliente',
        'Telefone',
        'Email',
        'Serviço',
        'Valor (R$)',
        'Status',
        'Observações',
      ],
      [
        '10/11/2026',
        '09:00',
        '10:00',
        'Ana Conceição',
        '(11) 98765-4321',
        'ana@exemplo.com.br',
        'Corte',
        '50,00',
        'Não compareceu',
        '',
      ],
      [
        '10/11/2026',
        '10:00',
        '11:00',
        'Ana Conceição',
        '(11) 98765-4321',
        'ana@exemplo.com.br',
        'Escova; "premium"',
        '80,00',
        'Confirmado',
        '',
      ],
      [
        '16/11/2026',
        '14:00',
        '15:00',
        `'=HYPERLINK("x")`,
        '',
        '',
        'Escova; "premium"',
        '80,00',
        'Concluído',
        'linha 1\nlinha 2; "fim"',
      ],
      [
        '16/11/2026',
        '15:00',
        '16:00',
        'Ana Conceição',
        '(11) 98765-4321',
        'ana@exemplo.com.br',
        'Corte',
        '50,00',
        'Cancelado',
        '',
      ],
      [
        '21/11/2026',
        '10:00',
        '11:00',
        'Ana Conceição',
        '(11) 98765-4321',
        'ana@exemplo.com.br',
        'Corte',
        '50,00',
        'Agendado',
        '',
      ],
    ]);
  });

  it('refuses a bad or too long period with a pt-BR message', async () => {
    for (const [query, message] of [
      ['from=2026-11-30&to=2026-11-01', 'A data inicial deve ser antes da final'],
      ['from=2025-01-01&to=2026-11-01', 'Escolha um período de até 366 dias'],
      ['from=2026-02-30&to=2026-03-01', 'Período inválido'],
      ['to=2026-03-01', 'Período inválido'],
    ]) {
      const res = await pro.request({
        method: 'GET',
        url: `/api/reports/appointments.csv?${query}`,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(message);
    }
  });

  it("another professional's export holds none of these appointments", async () => {
    const other = await signUpProfessional(ctx);
    const res = await other.request({
      method: 'GET',
      url: '/api/reports/appointments.csv?from=2026-11-10&to=2026-11-21',
    });
    expect(parseCsv(res.rawPayload.subarray(3).toString('utf8'))).toHaveLength(1);
  });
});

// Last: it adds thousands of appointments to the seeded professional.
/** Counts the statements the app sends to the database while `run` runs. */
async function countStatements(run: () => Promise<unknown>): Promise<string[]> {
  // drizzle's public `$client`: the pool or PGlite the database was opened with.
  const client = (
    ctx.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }
  ).$client;
  const original = client.query;
  const seen: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    seen.push(typeof first === 'string' ? first : String((first as { text?: string }).text));
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return seen;
}

describe('the report is one statement on the appointments, whatever their number', () => {
  it('sends the same statements with 8 and with 4,840 more appointments', async () => {
    const before = await countStatements(getReport);
    const onAppointments = (statements: string[]) =>
      statements.filter((text) => /from "appointments"/i.test(text));
    expect(onAppointments(before)).toHaveLength(1);

    // 840 more in the 12 weeks (ten a day from 18:00) and 4,000 before them.
    await ctx.database.db.execute(sql`
      INSERT INTO appointments (professional_id, client_id, service_id, appointment_date, start_time, end_time, total_price, status)
      SELECT ${pro.profileId}, ${ids.bia}, ${ids.corte},
             date '2026-08-30' + (n / 10),
             time '18:00' + (n % 10) * interval '30 minutes',
             time '18:30' + (n % 10) * interval '30 minutes',
             10, 'completed'
      FROM generate_series(0, 839) AS n`);
    await ctx.database.db.execute(sql`
      INSERT INTO appointments (professional_id, client_id, service_id, appointment_date, start_time, end_time, total_price, status)
      SELECT ${pro.profileId}, ${ids.bia}, ${ids.corte},
             date '2025-01-01' + (n / 20),
             time '07:00' + (n % 20) * interval '30 minutes',
             time '07:30' + (n % 20) * interval '30 minutes',
             10, 'completed'
      FROM generate_series(0, 3999) AS n`);
    let report: { totals: { kept: number } } | undefined;
    const after = await countStatements(async () => {
      report = await getReport();
    });
    expect(report?.totals.kept).toBe(4 + 840);
    expect(after.length).toBe(before.length);
    expect(onAppointments(after)).toHaveLength(1);
  });
});
