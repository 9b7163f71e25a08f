import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_LIMITS } from '../../src/features/booking/limits';
import { EMAIL_CODE_MAX_ATTEMPTS } from '../../src/features/booking/email-code';
import { DEFAULT_POW_DIFFICULTY, POW_TTL_MS } from '../../src/features/booking/pow';
import { createTestApp, type TestContext } from '../helpers/app';
import { nextIp } from '../helpers/auth';
import {
  appointmentsOf,
  bookingBody,
  createBookableProfessional,
  postBooking,
  solvePow,
  type BookableProfessional,
} from '../helpers/booking';
import { confirmCode, latestCodeTo, turnOnEmailCode } from '../helpers/booking-gates';

/**
 * An anonymous visitor filling a professional's agenda (issue 44, decision 028): a script must
 * solve a proof of work per booking, cannot reuse one, and, with "código por e-mail" on, holds
 * nothing until the code mailed to the client comes back, which cannot be guessed.
 */

let ctx: TestContext;
let shop: BookableProfessional;

beforeAll(async () => {
  ctx = await createTestApp();
  shop = await createBookableProfessional(ctx);
});

afterAll(async () => {
  await ctx.close();
});

function decoded(pow: string) {
  return JSON.parse(Buffer.from(pow, 'base64').toString('utf8'));
}

function encoded(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64');
}

describe('the proof of work', () => {
  it('refuses a script that books without solving: 400, nothing held', async () => {
    const res = await postBooking(ctx, bookingBody(shop, { time: '09:00', pow: undefined }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'POW_REQUIRED',
      message: 'Verificação de segurança ausente. Recarregue a página e tente novamente.',
    });
    expect(await appointmentsOf(ctx, shop.profileId)).toHaveLength(0);
  });

  it('refuses a forged solution, a changed challenge and garbage', async () => {
    const pow = decoded(await solvePow(ctx));
    const wrongKey = { ...pow, solution: { ...pow.solution, derivedKey: '00'.repeat(32) } };
    const cheaper = {
      ...pow,
      challenge: {
        ...pow.challenge,
        parameters: { ...pow.challenge.parameters, keyPrefix: '00' },
      },
    };
    const unsigned = { ...pow, challenge: { parameters: pow.challenge.parameters } };
    for (const forged of [encoded(wrongKey), encoded(cheaper), encoded(unsigned), 'bm9wZQ==']) {
      const res = await postBooking(ctx, bookingBody(shop, { time: '09:30', pow: forged }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'POW_INVALID',
        message: 'A verificação de segurança falhou ou expirou. Tente confirmar novamente.',
      });
    }
    expect(await appointmentsOf(ctx, shop.profileId)).toHaveLength(0);
  });

  it('refuses a solution replayed for another booking; the same request again is answered', async () => {
    const pow = await solvePow(ctx);
    const first = bookingBody(shop, { time: '10:00', pow });
    const booked = await postBooking(ctx, first);
    expect(booked.statusCode).toBe(201);
    // The page's retry after a lost answer: same key, same solution, the same booking.
    const retry = await postBooking(ctx, first);
    expect(retry.statusCode).toBe(201);
    expect(retry.json().bookingId).toBe(booked.json().bookingId);

    const replay = await postBooking(ctx, bookingBody(shop, { time: '11:00', pow }), nextIp());
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({
      code: 'POW_USED',
      message: 'Esta verificação de segurança já foi usada. Tente confirmar novamente.',
    });
    expect((await appointmentsOf(ctx, shop.profileId)).map((a) => a.startTime)).toEqual([
      '10:00:00',
    ]);
  });

  it('refuses a solution whose challenge expired', async () => {
    const pow = await solvePow(ctx);
    ctx.clock.advance(POW_TTL_MS + 1000);
    try {
      const res = await postBooking(ctx, bookingBody(shop, { time: '14:00', pow }));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('POW_INVALID');
    } finally {
      ctx.clock.advance(-(POW_TTL_MS + 1000));
    }
  });

  it('hands out challenges uncached, limited per address, at the real cost by default', async () => {
    const real = await createTestApp({ bookingPow: null });
    try {
      const res = await real.app.inject({ method: 'GET', url: '/api/public/booking-challenge' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json().parameters).toMatchObject({
        algorithm: 'PBKDF2/SHA-256',
        cost: DEFAULT_POW_DIFFICULTY.cost,
      });
    } finally {
      await real.close();
    }
    const ip = nextIp();
    const asks = Array.from({ length: BOOKING_LIMITS.challenges.max + 1 }, () =>
      ctx.app.inject({ method: 'GET', url: '/api/public/booking-challenge', remoteAddress: ip }),
    );
    const codes = (await Promise.all(asks)).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(BOOKING_LIMITS.challenges.max);
    expect(codes.filter((c) => c === 429)).toHaveLength(1);
  });
});

describe('the code e-mailed to the client', () => {
  let careful: BookableProfessional;

  beforeAll(async () => {
    careful = await createBookableProfessional(ctx, { businessName: 'Studio Cuidadoso' });
    await turnOnEmailCode(careful);
  });

  async function requestCode(time: string, email = `c-${randomUUID().slice(0, 8)}@exemplo.com.br`) {
    const res = await postBooking(ctx, bookingBody(careful, { time, clientEmail: email }));
    expect(res.statusCode).toBe(202);
    return { email, verificationId: res.json().verificationId as string };
  }

  it('holds nothing until the code is confirmed', async () => {
    const { email, verificationId } = await requestCode('09:00');
    expect(await appointmentsOf(ctx, careful.profileId)).toHaveLength(0);
    const code = await latestCodeTo(ctx, email);
    const res = await confirmCode(ctx, { professionalId: careful.profileId, verificationId, code });
    expect(res.statusCode).toBe(201);
    expect(await appointmentsOf(ctx, careful.profileId)).toHaveLength(1);
  });

  it(`stops guessing after ${EMAIL_CODE_MAX_ATTEMPTS} tries, the right code included`, async () => {
    const { email, verificationId } = await requestCode('10:00');
    const code = await latestCodeTo(ctx, email);
    const wrong = code === '000000' ? '000001' : '000000';
    // All at once, from many addresses: the attempts are counted in the database.
    const guesses = await Promise.all(
      Array.from({ length: EMAIL_CODE_MAX_ATTEMPTS + 5 }, () =>
        confirmCode(ctx, { professionalId: careful.profileId, verificationId, code: wrong }),
      ),
    );
    const codes = guesses.map((r) => r.json().code);
    expect(codes.filter((c) => c === 'EMAIL_CODE_INVALID')).toHaveLength(EMAIL_CODE_MAX_ATTEMPTS);
    expect(codes.filter((c) => c === 'EMAIL_CODE_ATTEMPTS')).toHaveLength(5);
    expect(guesses.find((r) => r.json().code === 'EMAIL_CODE_INVALID')!.json()).toMatchObject({
      statusCode: 400,
      message: 'Código incorreto. Confira o e-mail e tente novamente.',
    });
    const right = await confirmCode(ctx, {
      professionalId: careful.profileId,
      verificationId,
      code,
    });
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe(
      'Muitas tentativas com este código. Confirme o agendamento de novo para receber outro.',
    );
    const held = await appointmentsOf(ctx, careful.profileId);
    expect(held.map((a) => a.startTime)).not.toContain('10:00:00');
  });

  it('limits the codes typed per address, whatever booking they name', async () => {
    const ip = nextIp();
    const answers = [];
    for (let i = 0; i <= BOOKING_LIMITS.codeConfirms.max; i += 1) {
      const body = {
        professionalId: careful.profileId,
        verificationId: randomUUID(),
        code: '123456',
      };
      answers.push((await confirmCode(ctx, body, ip)).statusCode);
    }
    expect(answers.slice(0, -1).every((status) => status === 410)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it('refuses the code after it expired, and under another professional', async () => {
    const { email, verificationId } = await requestCode('11:00');
    const code = await latestCodeTo(ctx, email);
    const elsewhere = await confirmCode(ctx, {
      professionalId: shop.profileId,
      verificationId,
      code,
    });
    expect(elsewhere.statusCode).toBe(410);
    ctx.clock.advance(10 * 60_000 + 1000);
    try {
      const late = await confirmCode(ctx, {
        professionalId: careful.profileId,
        verificationId,
        code,
      });
      expect(late.statusCode).toBe(410);
      expect(late.json().code).toBe('EMAIL_CODE_EXPIRED');
    } finally {
      ctx.clock.advance(-(10 * 60_000 + 1000));
    }
    const held = await appointmentsOf(ctx, careful.profileId);
    expect(held.map((a) => a.startTime)).not.toContain('11:00:00');
  });
});
