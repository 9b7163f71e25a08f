import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ERASED_CLIENT_NAME, formatPhone } from '@agendaki/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJobAt } from '../src/db/queue';
import { AUTH_MAIL_REQUEST_QUEUE, REMINDER_QUEUE } from '../src/db/queues';
import {
  appointments,
  clientPackages,
  clients,
  mailOutbox,
  payments,
  profiles,
  services,
  user,
} from '../src/db/schema';
import { accountCounterKeys } from '../src/features/auth/account-deletion';
import { LIMIT_SCOPES } from '../src/features/auth/limits';
import { reminderKey } from '../src/features/appointments/service';
import { PACKAGES_CSV_HEADER, PAYMENTS_CSV_HEADER } from '../src/features/privacy/money-exports';
import { rateLimitKey } from '../src/plugins/rate-limit';
import { createTestApp, type TestContext } from './helpers/app';
import {
  bookingBody,
  createBookableProfessional,
  postBooking,
  type BookableProfessional,
} from './helpers/booking';
import { IMAGES, multipartFile } from './helpers/images';
import {
  findRowsMentioning,
  listAllTables,
  parseCsv,
  readZip,
  testWithUnzipCommand,
} from './helpers/privacy';

/**
 * LGPD (docs/decisions/012-lgpd.md, issue 16): exports read back equal the database; a client's
 * erasure keeps the revenue and leaves no trace of the person; an account's deletion leaves no
 * row anywhere (every table of every schema, pg-boss's included) and no image; another
 * professional can neither export nor erase someone else's client.
 */

const PASSWORD = 'senha-segura-123';
let ctx: TestContext;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendaki-privacy-'));
  ctx = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const uniq = () => `${randomInt(100_000, 999_999)}`;
const mobile = () => `119${randomInt(10_000_000, 99_999_999)}`;

interface SeededClient {
  id: string;
  name: string;
  email: string;
  phone: string;
}

interface Seeded {
  professional: BookableProfessional;
  userId: string;
  email: string;
  businessName: string;
  booked: SeededClient;
  added: SeededClient;
  imageUrl: string;
  thumbnailUrl: string;
  appointmentIds: string[];
  /** What the booked client typed in the booking's notes. */
  bookedNotes: string;
}

/** An account with every kind of record the product keeps. */
async function seedAccount(): Promise<Seeded> {
  const tag = uniq();
  const businessName = `Estúdio Quimera ${tag}`;
  const professional = await createBookableProfessional(ctx, {
    businessName,
    professionalName: `Filomena Quimera ${tag}`,
  });
  const { pro } = professional;
  const me = (await pro.request({ method: 'GET', url: '/api/me' })).json();

  const [service] = professional.services;
  const image = await pro.request({
    method: 'POST',
    url: `/api/services/${service!.id}/image`,
    ...multipartFile(IMAGES.png, 'foto.png', 'image/png'),
  });
  expect(image.statusCode, image.body).toBe(200);
  const { imageUrl, thumbnailUrl } = image.json() as { imageUrl: string; thumbnailUrl: string };

  const exception = await pro.request({
    method: 'PUT',
    url: '/api/availability/exceptions/2026-12-01',
    payload: { windows: [{ startTime: '10:00', endTime: '12:00' }], note: `Evento ${tag}` },
  });
  expect(exception.statusCode, exception.body).toBe(200);
  const timeOff = await pro.request({
    method: 'POST',
    url: '/api/availability/time-off',
    payload: { startDate: '2026-12-20', endDate: '2026-12-27', note: 'Férias' },
  });
  expect(timeOff.statusCode, timeOff.body).toBe(201);
  const block = await pro.request({
    method: 'POST',
    url: '/api/blocks',
    payload: { date: '2026-11-25', startTime: '14:00', endTime: '15:00', note: 'Dentista' },
  });
  expect(block.statusCode, block.body).toBe(201);

  // A public booking: client, appointment, idempotency key, two mails and their jobs.
  const booked = { name: `Zuleica Pereira ${tag}`, email: `zuleica-${tag}@cliente.com.br` };
  const bookedPhone = mobile();
  const booking = await postBooking(
    ctx,
    bookingBody(professional, {
      clientName: booked.name,
      clientEmail: booked.email,
      clientPhone: bookedPhone,
      notes: `Alergia a esmalte ${tag}`,
    }),
  );
  expect(booking.statusCode, booking.body).toBe(201);

  // A client and an appointment made in the dashboard.
  const addedPhone = mobile();
  const created = await pro.request({
    method: 'POST',
    url: '/api/clients',
    payload: {
      name: `Teodora Lins ${tag}`,
      email: `teodora-${tag}@cliente.com.br`,
      phone: addedPhone,
      notes: `Prefere manhã ${tag}`,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const added = created.json();
  const appointment = await pro.request({
    method: 'POST',
    url: '/api/appointments',
    payload: {
      clientId: added.id,
      serviceId: professional.services[1]!.id,
      appointmentDate: '2026-11-24',
      startTime: '10:00',
      status: 'confirmed',
      notes: `Trazer referência ${tag}`,
    },
  });
  expect(appointment.statusCode, appointment.body).toBe(201);
  // Money (decision 038): a package sold, and the appointment closed with part left open.
  const pkg = await pro.request({
    method: 'POST',
    url: '/api/packages',
    payload: {
      name: `Pacote ${tag}`,
      serviceIds: [service!.id],
      sessions: 4,
      priceCents: 15000,
      validityDays: 60,
    },
  });
  expect(pkg.statusCode, pkg.body).toBe(201);
  const sale = await pro.request({
    method: 'POST',
    url: `/api/clients/${added.id}/packages`,
    payload: { packageId: pkg.json().id, payments: [{ method: 'pix', amountCents: 12000 }] },
  });
  expect(sale.statusCode, sale.body).toBe(201);
  const closing = await pro.request({
    method: 'POST',
    url: `/api/appointments/${appointment.json().id}/closing`,
    payload: {
      items: [{ serviceId: professional.services[1]!.id, priceCents: 3550 }],
      discountKind: 'amount',
      discountValue: 0,
      tipCents: 0,
      payments: [{ method: 'cash', amountCents: 2000 }],
    },
  });
  expect(closing.statusCode, closing.body).toBe(201);

  const bookedRow = (
    await ctx.database.db
      .select()
      .from(clients)
      .where(eq(clients.professionalId, professional.profileId))
  ).find((row) => row.email === booked.email)!;
  const appointmentIds = (
    await ctx.database.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.professionalId, professional.profileId))
  ).map((row) => row.id);

  return {
    professional,
    userId: me.user.id,
    email: pro.email,
    businessName,
    booked: { id: bookedRow.id, ...booked, phone: bookedPhone },
    added: { id: added.id, name: added.name, email: added.email, phone: addedPhone },
    imageUrl,
    thumbnailUrl,
    appointmentIds,
    bookedNotes: `Alergia a esmalte ${tag}`,
  };
}

function download(seeded: Seeded, url: string) {
  return seeded.professional.pro.request({ method: 'GET', url });
}

describe('a client asks for their data', () => {
  it('exports the client and every appointment as JSON, equal to the database', async () => {
    const seeded = await seedAccount();
    const res = await download(seeded, `/api/clients/${seeded.booked.id}/export?format=json`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="dados-zuleica/);
    const data = res.json();
    const [row] = await ctx.database.db
      .select()
      .from(clients)
      .where(eq(clients.id, seeded.booked.id));
    expect(data.cliente).toEqual({
      id: row!.id,
      nome: row!.name,
      email: row!.email,
      telefone: row!.phone,
      observacoes: row!.notes,
      cadastradoEm: row!.createdAt.toISOString(),
    });
    const stored = await ctx.database.db
      .select({ a: appointments, serviceName: services.name })
      .from(appointments)
      .innerJoin(
        services,
        sql`${services.professionalId} = ${appointments.professionalId} AND ${services.id} = ${appointments.serviceId}`,
      )
      .where(eq(appointments.clientId, seeded.booked.id));
    expect(data.agendamentos).toHaveLength(stored.length);
    expect(stored.length).toBeGreaterThan(0);
    for (const { a, serviceName } of stored) {
      expect(data.agendamentos).toContainEqual({
        id: a.id,
        data: a.appointmentDate,
        inicio: a.startTime.slice(0, 5),
        fim: a.endTime.slice(0, 5),
        status: a.status,
        servico: { id: a.serviceId, nome: serviceName },
        valor: a.totalPrice,
        valorCentavos: Math.round(Number(a.totalPrice) * 100),
        observacoes: a.notes,
      });
    }
  });

  it('exports the same as CSV in the pt-BR Excel form', async () => {
    const seeded = await seedAccount();
    const res = await download(seeded, `/api/clients/${seeded.added.id}/export?format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...all] = parseCsv(res.body);
    expect(header![0]).toBe('Cliente');
    // The appointments, then a blank line and the payments' and packages' tables (decision 038).
    const end = all.findIndex((row) => row.every((cell) => cell === ''));
    const rows = all.slice(0, end);
    expect(all[end + 1]).toEqual(['Pagamentos']);
    expect(rows).toHaveLength(1);
    const [line] = rows;
    expect(line!.slice(0, 3)).toEqual([
      seeded.added.name,
      seeded.added.email,
      formatPhone(seeded.added.phone),
    ]);
    // Date dd/MM/yyyy, money with a comma, the status as the Agenda says it (closed: Concluído).
    expect(line!.slice(5, 11)).toEqual([
      '24/11/2026',
      '10:00',
      '10:30',
      'Barba',
      '35,50',
      'Concluído',
    ]);
  });

  it('refuses another professional: export and erase answer 404 and change nothing', async () => {
    const owner = await seedAccount();
    const intruder = await createBookableProfessional(ctx);
    for (const format of ['json', 'csv']) {
      const res = await intruder.pro.request({
        method: 'GET',
        url: `/api/clients/${owner.booked.id}/export?format=${format}`,
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(owner.booked.email);
    }
    const erase = await intruder.pro.request({
      method: 'POST',
      url: `/api/clients/${owner.booked.id}/erase`,
      payload: { confirmName: owner.booked.name },
    });
    expect(erase.statusCode).toBe(404);
    const [row] = await ctx.database.db
      .select()
      .from(clients)
      .where(eq(clients.id, owner.booked.id));
    expect(row!.name).toBe(owner.booked.name);
    // Signed out: 401.
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/api/clients/${owner.booked.id}/export`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a client asks to be erased', () => {
  it('needs the name typed, then keeps the appointments and the revenue without the person', async () => {
    const seeded = await seedAccount();
    const { pro, profileId } = seeded.professional;
    const before = await pro.request({ method: 'GET', url: '/api/appointments?pageSize=100' });
    const mine = before
      .json()
      .items.filter((a: { clientId: string }) => a.clientId === seeded.booked.id);
    expect(mine.length).toBeGreaterThan(0);
    const stats = (await pro.request({ method: 'GET', url: '/api/dashboard' })).json();

    const wrong = await pro.request({
      method: 'POST',
      url: `/api/clients/${seeded.booked.id}/erase`,
      payload: { confirmName: 'Outra Pessoa' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('não confere');

    // Pending mails about the client, before: the confirmation and the professional's notice.
    const mailsBefore = await ctx.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.aboutClientId, seeded.booked.id));
    expect(mailsBefore.length).toBe(2);
    expect(mailsBefore.every((mail) => mail.aboutProfessionalId === profileId)).toBe(true);

    const erased = await pro.request({
      method: 'POST',
      url: `/api/clients/${seeded.booked.id}/erase`,
      payload: { confirmName: `  ${seeded.booked.name.toUpperCase()} ` },
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json()).toMatchObject({
      name: ERASED_CLIENT_NAME,
      email: null,
      phone: null,
      notes: null,
    });

    // The Agenda shows "Cliente removido" with the prices as booked.
    const after = await pro.request({ method: 'GET', url: '/api/appointments?pageSize=100' });
    const kept = after
      .json()
      .items.filter((a: { clientId: string }) => a.clientId === seeded.booked.id);
    expect(kept.map((a: { totalPriceCents: number }) => a.totalPriceCents)).toEqual(
      mine.map((a: { totalPriceCents: number }) => a.totalPriceCents),
    );
    for (const appointment of kept) {
      expect(appointment.client).toMatchObject({ name: ERASED_CLIENT_NAME, email: null });
      expect(appointment.notes).toBeNull();
    }
    expect((await pro.request({ method: 'GET', url: '/api/dashboard' })).json()).toEqual(stats);

    // Nothing anywhere names the person; the other client is untouched.
    const hits = await findRowsMentioning(ctx.database.db, [
      seeded.booked.name,
      seeded.booked.email,
      seeded.booked.phone,
      seeded.bookedNotes,
    ]);
    expect(hits).toEqual([]);
    const [other] = await ctx.database.db
      .select()
      .from(clients)
      .where(eq(clients.id, seeded.added.id));
    expect(other!.name).toBe(seeded.added.name);

    // The erased client's own export now holds no personal data either.
    const exported = (
      await download(seeded, `/api/clients/${seeded.booked.id}/export?format=json`)
    ).json();
    expect(exported.cliente).toMatchObject({ nome: ERASED_CLIENT_NAME, email: null });
  });

  it('refuses an empty confirmation with a pt-BR message', async () => {
    const seeded = await seedAccount();
    const res = await seeded.professional.pro.request({
      method: 'POST',
      url: `/api/clients/${seeded.added.id}/erase`,
      payload: { confirmName: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('não confere');
  });
});

describe('Exportar tudo', () => {
  it('streams a ZIP of CSVs that a standard unzip opens and that equal the database', async () => {
    const seeded = await seedAccount();
    const res = await download(seeded, '/api/account/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /filename="agendaki-\d{4}-\d{2}-\d{2}\.zip"/,
    );
    const zip = res.rawPayload;

    const unzip = testWithUnzipCommand(zip);
    if (unzip !== null) expect(unzip).toContain('No errors detected');

    const entries = await readZip(zip);
    expect([...entries.keys()].sort()).toEqual(
      [
        'agendamentos.csv',
        'bloqueios.csv',
        'clientes.csv',
        'excecoes.csv',
        'folgas.csv',
        'horarios.csv',
        'pacotes.csv',
        'pagamentos.csv',
        'servicos.csv',
      ].sort(),
    );
    const csv = (name: string) => parseCsv(entries.get(name)!);

    const { profileId } = seeded.professional;
    const storedClients = await ctx.database.db
      .select()
      .from(clients)
      .where(eq(clients.professionalId, profileId));
    const clientRows = csv('clientes.csv').slice(1);
    expect(clientRows.map((row) => row.slice(0, 4)).sort()).toEqual(
      storedClients
        .map((c) => [c.name, c.email ?? '', c.phone ? formatPhone(c.phone) : '', c.notes ?? ''])
        .sort(),
    );

    const storedAppointments = await ctx.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.professionalId, profileId));
    const appointmentRows = csv('agendamentos.csv').slice(1);
    expect(appointmentRows).toHaveLength(storedAppointments.length);
    const toBrDate = (iso: string) => iso.split('-').reverse().join('/');
    expect(appointmentRows.map((row) => [row[0], row[1], row[7]]).sort()).toEqual(
      storedAppointments
        .map((a) => [
          toBrDate(a.appointmentDate),
          a.startTime.slice(0, 5),
          a.totalPrice.replace('.', ','),
        ])
        .sort(),
    );

    // pagamentos.csv and pacotes.csv: the account's payments and packages sold, as stored.
    const storedPayments = await ctx.database.db
      .select()
      .from(payments)
      .where(eq(payments.professionalId, profileId));
    expect(storedPayments.length).toBe(2);
    expect(csv('pagamentos.csv')[0]).toEqual([...PAYMENTS_CSV_HEADER]);
    expect(
      csv('pagamentos.csv')
        .slice(1)
        .map((row) => [row[0], row[2], row[3], row[4], row[5]])
        .sort(),
    ).toEqual(
      storedPayments
        .map((p) => [
          toBrDate(p.paidOn),
          p.kind === 'sale' ? 'Venda de pacote' : 'Atendimento',
          p.method === 'pix' ? 'Pix' : 'Dinheiro',
          `${p.amountCents / 100},00`,
          '',
        ])
        .sort(),
    );
    const storedPackages = await ctx.database.db
      .select()
      .from(clientPackages)
      .where(eq(clientPackages.professionalId, profileId));
    expect(csv('pacotes.csv')[0]).toEqual([...PACKAGES_CSV_HEADER]);
    expect(csv('pacotes.csv').slice(1)).toEqual(
      storedPackages.map((p) => [
        p.name,
        toBrDate(p.soldOn),
        toBrDate(p.expiresOn),
        String(p.sessionsTotal),
        String(p.sessionsLeft),
        `${p.priceCents / 100},00`,
      ]),
    );

    const serviceRows = csv('servicos.csv').slice(1);
    expect(serviceRows.map((row) => [row[0], row[2], row[3]]).sort()).toEqual([
      ['Barba', '35,50', '30'],
      ['Corte', '50,00', '60'],
    ]);
    expect(serviceRows.find((row) => row[0] === 'Corte')![6]).toBe(
      `${ctx.env.PUBLIC_URL}${seeded.imageUrl}`,
    );
    expect(csv('horarios.csv')).toContainEqual(['Segunda', '09:00', '12:00', 'Sim']);
    expect(csv('excecoes.csv').slice(1)).toEqual([
      ['01/12/2026', '10:00', '12:00', expect.stringMatching(/^Evento /)],
    ]);
    expect(csv('folgas.csv').slice(1)).toEqual([['20/12/2026', '27/12/2026', 'Férias']]);
    expect(csv('bloqueios.csv').slice(1)).toEqual([['25/11/2026', '14:00', '15:00', 'Dentista']]);
  });

  it('reads appointments in batches: a large account exports every row once, in order', async () => {
    const seeded = await seedAccount();
    const {
      profileId,
      services: [service],
    } = seeded.professional;
    // 2,500 appointments, a row every 30 minutes over ~3 months: more than two batches.
    await ctx.database.db.execute(sql`
      insert into appointments (professional_id, client_id, service_id, appointment_date,
                                start_time, end_time, total_price, status)
      select ${profileId}::uuid, ${seeded.added.id}::uuid, ${service!.id}::uuid,
             date '2027-01-01' + (n / 28),
             time '06:00' + (n % 28) * interval '30 minutes',
             time '06:30' + (n % 28) * interval '30 minutes',
             '12.34', 'completed'
        from generate_series(0, 2499) as n`);
    const res = await download(seeded, '/api/account/export');
    expect(res.statusCode).toBe(200);
    const rows = parseCsv((await readZip(res.rawPayload)).get('agendamentos.csv')!).slice(1);
    expect(rows).toHaveLength(2500 + seeded.appointmentIds.length);
    const keys = rows.map((row) => `${row[0]!.split('/').reverse().join('-')} ${row[1]}`);
    expect(keys).toEqual([...keys].sort());
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('Excluir minha conta', () => {
  it('needs the password; a wrong one deletes nothing', async () => {
    const seeded = await seedAccount();
    const res = await seeded.professional.pro.request({
      method: 'POST',
      url: '/api/account/delete',
      payload: { password: 'nao-e-esta' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Senha incorreta');
    const [row] = await ctx.database.db.select().from(user).where(eq(user.id, seeded.userId));
    expect(row).toBeDefined();
  });

  it('leaves no row in any table of any schema, no image, no session; the e-mail signs up again', async () => {
    const seeded = await seedAccount();
    const control = await seedAccount();
    const { pro, profileId, customLink } = seeded.professional;

    // More of what an account leaves behind: a paid subscription (billing events), a second
    // session, a reset token with its counters, a throttled sign-in, a job naming an appointment.
    expect(
      (await pro.request({ method: 'POST', url: '/api/billing/demo/pay', payload: {} })).statusCode,
    ).toBe(200);
    const secondSession = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: seeded.email, password: PASSWORD },
      remoteAddress: '10.200.0.1',
    });
    expect(secondSession.statusCode).toBe(200);
    const secondCookie = secondSession.cookies
      .filter((c) => c.value)
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: seeded.email },
      remoteAddress: '10.200.0.2',
    });
    await ctx.app.jobs.runDue(AUTH_MAIL_REQUEST_QUEUE);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: seeded.email, password: 'errada-123456' },
      remoteAddress: '10.200.0.3',
    });
    // A reminder of an appointment of the account, as the app sends one (a job is found by the
    // id it was sent under: pg-boss offers no search by content, decision 032).
    const [planned] = await ctx.database.db
      .select({ bookingId: sql<string>`coalesce(${appointments.bookingId}, ${appointments.id})` })
      .from(appointments)
      .where(eq(appointments.id, seeded.appointmentIds[0]!));
    await sendJobAt(
      ctx.database.db,
      REMINDER_QUEUE,
      reminderKey(profileId, planned!.bookingId),
      new Date(Date.now() + 86_400_000),
      {
        professionalId: profileId,
        bookingId: planned!.bookingId,
        appointmentId: seeded.appointmentIds[0],
      },
    );
    const imageFiles = [seeded.imageUrl, seeded.thumbnailUrl].map((url) =>
      path.join(dataDir, 'uploads', url.replace('/uploads/', '')),
    );
    for (const file of imageFiles) expect(fs.existsSync(file)).toBe(true);

    const needles = [
      seeded.userId,
      profileId,
      seeded.email,
      seeded.businessName,
      customLink,
      ...seeded.appointmentIds,
      ...[seeded.booked, seeded.added].flatMap((c) => [c.id, c.name, c.email, c.phone]),
      ...seeded.professional.services.map((s) => s.id),
      seeded.imageUrl,
      seeded.thumbnailUrl,
      ...accountCounterKeys({ userId: seeded.userId, email: seeded.email }),
      rateLimitKey(LIMIT_SCOPES.signInAccount, seeded.email),
    ];
    // The seed reached every kind of table the scan reads, the job queue's included.
    const before = await findRowsMentioning(ctx.database.db, needles);
    const touched = before.map((hit) => hit.table);
    for (const table of [
      'public.user',
      'public.session',
      'public.account',
      'public.verification',
      'public.profiles',
      'public.subscriptions',
      'public.services',
      'public.availability',
      'public.clients',
      'public.appointments',
      'public.occupied_times',
      'public.date_exceptions',
      'public.time_off',
      'public.booking_requests',
      'public.mail_outbox',
      'public.billing_events',
      'public.rate_limits',
      'public.sign_in_throttles',
      'pgboss.job',
    ]) {
      expect(touched, table).toContain(table);
    }

    const res = await pro.request({
      method: 'POST',
      url: '/api/account/delete',
      payload: { password: PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=0/);

    expect(await findRowsMentioning(ctx.database.db, needles)).toEqual([]);
    expect((await listAllTables(ctx.database.db)).some((t) => t.startsWith('pgboss.'))).toBe(true);

    // No image file, the thumbnail's neither; their addresses answer 404.
    for (const file of imageFiles) expect(fs.existsSync(file)).toBe(false);
    for (const url of [seeded.imageUrl, seeded.thumbnailUrl]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    // Every session refused.
    for (const cookie of [pro.cookie, secondCookie]) {
      const me = await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
      expect(me.statusCode).toBe(401);
    }
    // The public link: "Profissional não encontrado".
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/public/professionals/${customLink}`,
    });
    expect(page.statusCode).toBe(404);
    expect(page.json().message).toContain('Profissional não encontrado');

    // The other account is whole.
    const controlClients = await ctx.database.db
      .select()
      .from(clients)
      .where(eq(clients.professionalId, control.professional.profileId));
    expect(controlClients).toHaveLength(2);
    const [controlProfile] = await ctx.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, control.professional.profileId));
    expect(controlProfile).toBeDefined();
    expect(fs.existsSync(path.join(dataDir, 'uploads', control.imageUrl.slice(9)))).toBe(true);

    // The e-mail can sign up again.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      remoteAddress: '10.200.0.9',
      payload: {
        email: seeded.email,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        businessName: 'De Volta',
        professionalName: 'Filomena',
      },
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('refuses without a session', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      payload: { password: PASSWORD },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('the wrong professional', () => {
  it('cannot reach another account through the account routes: each acts on its own', async () => {
    const owner = await seedAccount();
    const intruder = await createBookableProfessional(ctx);
    const res = await intruder.pro.request({ method: 'GET', url: '/api/account/export' });
    const entries = await readZip(res.rawPayload);
    expect(entries.get('clientes.csv')).not.toContain(owner.booked.email);
    expect(entries.get('agendamentos.csv')).not.toContain(owner.booked.name);
  });
});
