import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { formatPhone } from '@agendaki/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../src/db/schema';
import { MIGRATIONS_FOLDER } from '../src/db/migrate';
import { toStoredPhone } from '../src/lib/phone';
import { createTestApp, type TestContext } from './helpers/app';
import { createProfessional } from './helpers/factories';
import { bookingBody, createBookableProfessional, postBooking } from './helpers/booking';
import { signUpProfessional, type SignedInProfessional } from './helpers/session';

/**
 * Clients' phones in E.164 (issue 47): every write normalises what was typed with Brazil as the
 * default region, the migration does the same to the rows already stored, and a search by what
 * a person types still finds the client.
 */
let ctx: TestContext;
let pro: SignedInProfessional;

beforeAll(async () => {
  ctx = await createTestApp();
  pro = await signUpProfessional(ctx);
});
afterAll(async () => {
  await ctx.close();
});

async function createClient(payload: Record<string, unknown>) {
  const res = await pro.request({ method: 'POST', url: '/api/clients', payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function search(text: string) {
  const res = await pro.request({
    method: 'GET',
    url: `/api/clients?search=${encodeURIComponent(text)}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.map((c: { name: string }) => c.name);
}

describe('the dashboard client form', () => {
  it.each([
    ['(11) 98765-4321', '+5511987654321'],
    ['11 3333-4444', '+551133334444'],
    ['+55 21 99876-5432', '+5521998765432'],
    ['011 98765-1111', '+5511987651111'],
    ['+1 415 555 0100', '+14155550100'],
    // Not a number anyone can call: kept as typed (digits), never lost.
    ['123', '123'],
  ])('stores %s as %s', async (typed, stored) => {
    const client = await createClient({ name: `Fone ${typed}`, phone: typed });
    expect(client.phone).toBe(stored);
  });

  it('an edit normalises too; a search by what a person types still finds her', async () => {
    const client = await createClient({ name: 'Jussara Busca', phone: '' });
    const edited = await pro.request({
      method: 'PATCH',
      url: `/api/clients/${client.id}`,
      payload: { phone: '(31) 99123-4567' },
    });
    expect(edited.json().phone).toBe('+5531991234567');
    expect(formatPhone(edited.json().phone)).toBe('(31) 99123-4567');
    for (const typed of ['(31) 99123-4567', '31991234567', '99123-4567', '+55 31 9912']) {
      expect(await search(typed)).toEqual(['Jussara Busca']);
    }
    // Another field alone leaves the phone as it is.
    const renamed = await pro.request({
      method: 'PATCH',
      url: `/api/clients/${client.id}`,
      payload: { notes: 'Prefere manhã' },
    });
    expect(renamed.json().phone).toBe('+5531991234567');
  });
});

describe('the public booking', () => {
  it('stores the phone in E.164', async () => {
    const shop = await createBookableProfessional(ctx);
    const email = 'fone-publico@exemplo.com.br';
    const first = await postBooking(
      ctx,
      bookingBody(shop, { time: '09:00', clientEmail: email, clientPhone: '(41) 98877-6655' }),
    );
    expect(first.statusCode, first.body).toBe(201);
    const rows = await ctx.database.db
      .select({ id: clients.id, phone: clients.phone })
      .from(clients)
      .where(eq(clients.professionalId, shop.profileId));
    expect(rows.map((row) => row.phone)).toEqual(['+5541988776655']);
  });
});

/** The migration's UPDATE of the phones, as committed (drizzle/0034). */
function phoneMigration(): string {
  const file = readdirSync(MIGRATIONS_FOLDER).find((name) =>
    name.endsWith('_whatsapp_phones_e164.sql'),
  )!;
  const statements = readFileSync(path.join(MIGRATIONS_FOLDER, file), 'utf8').split(
    '--> statement-breakpoint',
  );
  return statements.find((statement) => statement.includes('UPDATE "clients"'))!;
}

/** Stored phones as before issue 47 (digits, "+digits", or formatted by older versions). */
const STORED = [
  '11987654321',
  '1133334444',
  '5511987654321',
  '551133334444',
  '+5511987654321',
  '+551133334444',
  '011987654321',
  '01133334444',
  '(21) 99876-5432',
  '55999887766',
  '5555999887766',
  '1171234567',
  '+14155550100',
  '+351912345678',
  '11812345678',
  '1163334444',
  '20987654321',
  '123',
  '119876543210',
];
/** Read by libphonenumber-js, but no client's phone: a write normalises it, the migration may not. */
const RARE = ['0800123456', '40031234'];

const DDD = /^([14689][1-9]|2[12478]|3[1-578]|5[13-5]|7[13-579])/;

/** Random stored values: national numbers, alone or after 55, "+55", 0 or "+", valid or not. */
function randomStored(count: number) {
  const digits = (n: number) =>
    Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
  return Array.from({ length: count }, () => {
    const national = digits(Math.random() < 0.5 ? 10 : 11);
    const prefix = ['', '', '55', '+55', '+550', '0', '+'][Math.floor(Math.random() * 7)]!;
    return { raw: `${prefix}${national}`, isClientShaped: prefix !== '+' && DDD.test(national) };
  });
}

describe('the migration of the phones already stored', () => {
  it('writes E.164 where libphonenumber-js reads a number, and keeps the rest as typed', async () => {
    const { db } = ctx.database;
    const { profile } = await createProfessional(db);
    const random = randomStored(400);
    const values = [...STORED, ...RARE, ...random.map((r) => r.raw)];
    const rows = await db
      .insert(clients)
      .values(
        values.map((phone, i) => ({ professionalId: profile.id, name: `Antigo ${i}`, phone })),
      )
      .returning({ id: clients.id, phone: clients.phone });
    await db.execute(sql.raw(phoneMigration()));
    const after = new Map(
      (
        await db
          .select({ id: clients.id, phone: clients.phone })
          .from(clients)
          .where(
            inArray(
              clients.id,
              rows.map((row) => row.id),
            ),
          )
      ).map((row) => [row.id, row.phone]),
    );
    const results = rows.map((row) => ({ raw: row.phone!, migrated: after.get(row.id) }));
    // The shapes older versions stored: exactly what a write stores now.
    for (const { raw, migrated } of results.slice(0, STORED.length)) {
      expect({ raw, migrated }).toEqual({ raw, migrated: toStoredPhone(raw) });
    }
    // Anything: either as a write would store it, or left alone; never a third value. A
    // national number of a real DDD, with any of the prefixes people type: as a write.
    for (const [i, { raw, migrated }] of results.entries()) {
      expect([raw, toStoredPhone(raw)]).toContain(migrated);
      const shape = random[i - STORED.length - RARE.length];
      if (shape?.isClientShaped) {
        expect({ raw, migrated }).toEqual({ raw, migrated: toStoredPhone(raw) });
      }
    }
    // Run again (a restored backup): nothing changes.
    await db.execute(sql.raw(phoneMigration()));
    const again = await db
      .select({ id: clients.id, phone: clients.phone })
      .from(clients)
      .where(
        inArray(
          clients.id,
          rows.map((row) => row.id),
        ),
      );
    expect(again.every((row) => after.get(row.id) === row.phone)).toBe(true);
  });
});
