import { createHmac } from 'node:crypto';
import {
  POW_INVALID_MESSAGE,
  POW_REQUIRED_MESSAGE,
  POW_USED_MESSAGE,
  type PowChallenge,
} from '@agendaki/shared';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import * as repo from './repo';

/**
 * The booking form's proof of work (docs/decisions/028-booking-gates.md), ALTCHA's v2 scheme in
 * its deterministic mode: the server derives PBKDF2-SHA-256 at a random counter and publishes
 * the key's first half; the page tries counters from 0 until it finds it. Work is predictable
 * (counter x cost iterations), the server's check is one HMAC (the key's signature).
 */
export interface PowDifficulty {
  /** PBKDF2 iterations per counter tried. */
  cost: number;
  /** The counter is drawn in [counterMin, counterMax]: the solver tries counter + 1 keys. */
  counterMin: number;
  counterMax: number;
}

/** About 0.1 s in Node on a server core, 0.4-0.8 s on a cheap phone (decision 028). */
export const DEFAULT_POW_DIFFICULTY: PowDifficulty = {
  cost: 1000,
  counterMin: 200,
  counterMax: 400,
};

/** Long enough to fill the form; the page asks for a new one past it. */
export const POW_TTL_MS = 30 * 60_000;
const ALGORITHM = 'PBKDF2/SHA-256';

export interface PowSecrets {
  signature: string;
  key: string;
}

/** Both HMAC secrets, derived from the server secret every instance shares (auth's). */
export function derivePowSecrets(serverSecret: string): PowSecrets {
  const derive = (label: string) =>
    createHmac('sha256', serverSecret).update(`agendaki:booking-pow:${label}:v1`).digest('hex');
  return { signature: derive('signature'), key: derive('key') };
}

export interface PowDeps {
  secrets: PowSecrets;
  clock: Clock;
  difficulty: PowDifficulty;
}

/** A fresh challenge; its expiry (the app's clock) travels in its signed data. */
export async function issueChallenge(deps: PowDeps): Promise<PowChallenge> {
  const { cost, counterMin, counterMax } = deps.difficulty;
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    cost,
    counter: counterMin >= counterMax ? counterMin : randomInt(counterMax, counterMin),
    deriveKey,
    data: { expiresAt: deps.clock.now().getTime() + POW_TTL_MS },
    hmacSignatureSecret: deps.secrets.signature,
    hmacKeySignatureSecret: deps.secrets.key,
  });
  return challenge as PowChallenge;
}

const hex = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[0-9a-f]*$/);
/** The shape before any HMAC is computed: anything else is refused as invalid. */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.literal(ALGORITHM),
        nonce: hex(64),
        salt: hex(64),
        cost: z.number().int().positive().max(1_000_000),
        keyLength: z.number().int().positive().max(64),
        keyPrefix: hex(128),
        keySignature: hex(128),
        data: z.object({ expiresAt: z.number().int() }).strict(),
      })
      .strict(),
    signature: hex(128).min(64),
  }),
  solution: z.object({
    counter: z.number().int().min(0).max(0xffffffff),
    derivedKey: hex(128),
    time: z.number().optional(),
  }),
});

function decode(payload: string): z.infer<typeof payloadSchema> | null {
  try {
    const json: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
    const parsed = payloadSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Refuses a booking without a valid, unexpired, unused solution. One solution books once (its
 * use is stored in the database, so on every instance); the same request sent again with the
 * same idempotency key may present it again: the booking's own idempotency answers that.
 */
export async function requireSolvedPow(
  deps: PowDeps & { db: Db },
  payload: string | undefined,
  idempotencyKey: string,
): Promise<void> {
  if (!payload) throw new AppError('POW_REQUIRED', POW_REQUIRED_MESSAGE);
  const decoded = decode(payload);
  if (!decoded) throw new AppError('POW_INVALID', POW_INVALID_MESSAGE);
  const { challenge, solution } = decoded;
  const expiresAt = challenge.parameters.data.expiresAt;
  if (expiresAt <= deps.clock.now().getTime()) {
    throw new AppError('POW_INVALID', POW_INVALID_MESSAGE);
  }
  const result = await verifySolution({
    challenge,
    solution,
    deriveKey,
    hmacSignatureSecret: deps.secrets.signature,
    hmacKeySignatureSecret: deps.secrets.key,
  });
  if (!result.verified) throw new AppError('POW_INVALID', POW_INVALID_MESSAGE);
  const unused = await repo.claimPowUse(
    deps.db,
    challenge.signature,
    idempotencyKey,
    new Date(expiresAt),
  );
  if (!unused) throw new AppError('POW_USED', POW_USED_MESSAGE);
}
