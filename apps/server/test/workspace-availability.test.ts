import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../src/db/schema';
import { replaceWeek } from '../src/features/availability/service';
import { getSqlState } from '../src/lib/errors';
import { createTestApp, type TestContext } from './helpers/app';
import { signUpProfessional, type SignedInProfessional } from './helpers/session';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

const window = (dayOfWeek: number, startTime: string, endTime: string, isActive = true) => ({
  dayOfWeek,
  startTime,
  endTime,
  isActive,
});

const lunchBreakWeek = [
  window(1, '13:00', '18:00'),
  window(1, '09:00', '12:00'),
  window(0, '09:00', '18:00', false),
  window(3, '08:00', '17:00'),
];

async function profileIdOf(pro: SignedInProfessional): Promise<string> {
  const [row] = await ctx.database.db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.email, pro.email));
  return row!.id;
}

function put(pro: SignedInProfessional, windows: unknown) {
  return pro.request({ method: 'PUT', url: '/api/availability', payload: { windows } });
}

describe('GET /api/availability', () => {
  it('answers the product.md defaults, flagged, when nothing was saved', async () => {
    const pro = await signUpProfessional(ctx);
    const res = await pro.request({ method: 'GET', url: '/api/availability' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      isDefault: true,
      windows: [0, 1, 2, 3, 4, 5, 6].map((day) =>
        window(day, '09:00', '18:00', day >= 1 && day <= 5),
      ),
    });
  });

  it('answers 401 without a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/availability' })).statusCode).toBe(
      401,
    );
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/availability',
      payload: { windows: lunchBreakWeek },
    });
    expect(put.statusCode).toBe(401);
  });
});

describe('PUT /api/availability', () => {
  let validating: SignedInProfessional;
  beforeAll(async () => {
    validating = await signUpProfessional(ctx);
    await put(validating, lunchBreakWeek);
  });

  it('replaces the week with a lunch break; rows come back by day and start', async () => {
    const pro = await signUpProfessional(ctx);
    const res = await put(pro, lunchBreakWeek);
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      isDefault: false,
      windows: [
        window(0, '09:00', '18:00', false),
        window(1, '09:00', '12:00'),
        window(1, '13:00', '18:00'),
        window(3, '08:00', '17:00'),
      ],
    };
    expect(res.json()).toEqual(expected);
    expect((await pro.request({ method: 'GET', url: '/api/availability' })).json()).toEqual(
      expected,
    );

    const replaced = await put(pro, [window(2, '10:00', '11:00')]);
    expect(replaced.json().windows).toEqual([window(2, '10:00', '11:00')]);
  });

  it.each([
    [[window(1, '12:00', '09:00')], 'O horário final deve ser depois do inicial'],
    [[window(1, '09:00', '09:00')], 'O horário final deve ser depois do inicial'],
    [
      [window(1, '09:00', '12:00'), window(1, '11:30', '18:00')],
      'Os horários de um mesmo dia não podem se sobrepor',
    ],
    [[window(7, '09:00', '12:00')], 'Dia da semana inválido'],
    [[window(1, '9h', '12:00')], 'Hora inválida'],
    [[], 'Informe pelo menos um horário'],
  ])('refuses %j with 400 "%s" and keeps the saved week', async (windows, message) => {
    const pro = validating;
    const res = await put(pro, windows);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message });
    const week = (await pro.request({ method: 'GET', url: '/api/availability' })).json();
    expect(week.windows).toHaveLength(4);
  });

  it('keeps the previous week intact when the replacement fails in the database', async () => {
    const pro = await signUpProfessional(ctx);
    await put(pro, lunchBreakWeek);
    const profileId = await profileIdOf(pro);
    // Past the route's validation, the database's own check refuses a row after the delete
    // already ran inside the transaction.
    const failure = await replaceWeek({ db: ctx.database.db }, profileId, {
      windows: [window(2, '09:00', '10:00'), window(4, '18:00', '09:00')],
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(getSqlState(failure)).toBe('23514');
    const week = (await pro.request({ method: 'GET', url: '/api/availability' })).json();
    expect(week.isDefault).toBe(false);
    expect(week.windows).toEqual([
      window(0, '09:00', '18:00', false),
      window(1, '09:00', '12:00'),
      window(1, '13:00', '18:00'),
      window(3, '08:00', '17:00'),
    ]);
  });

  it("never touches another professional's week", async () => {
    const ana = await signUpProfessional(ctx);
    const bia = await signUpProfessional(ctx);
    await put(ana, lunchBreakWeek);
    await put(bia, [window(5, '10:00', '14:00')]);
    expect(
      (await ana.request({ method: 'GET', url: '/api/availability' })).json().windows,
    ).toHaveLength(4);
    expect((await bia.request({ method: 'GET', url: '/api/availability' })).json().windows).toEqual(
      [window(5, '10:00', '14:00')],
    );
  });
});
