import type { PowChallenge } from '@agendaki/shared';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { apiClient } from '@/lib/api-client';

/**
 * The booking form's proof of work (docs/decisions/028-booking-gates.md): a challenge from the
 * server, solved with the browser's own PBKDF2 (Web Crypto) while the visitor picks a time and
 * types their details, so "Confirmar agendamento" rarely waits for it. Each confirmation
 * attempt (idempotency key) gets its own solution, and keeps it for its retries.
 */

interface Solved {
  payload: string;
  /** The server's clock (ms), from the signed challenge. */
  expiresAt: number;
}

/** A solution this close to its expiry is not used: another is solved instead. */
const EXPIRY_MARGIN_MS = 5 * 60_000;

async function solveNext(): Promise<Solved> {
  const challenge = await apiClient.get<PowChallenge>('/api/public/booking-challenge');
  const solution = await solveChallenge({ challenge: challenge as Challenge, deriveKey });
  if (!solution) throw new Error('proof of work not solved');
  const payload = btoa(JSON.stringify({ challenge, solution }));
  return { payload, expiresAt: Number(challenge.parameters.data?.expiresAt ?? 0) };
}

export interface PowSolver {
  /** Starts solving the next challenge, if none is under way. */
  prepare(): void;
  /** The solution for this attempt: the one it used before, or the next one (waits for it). */
  forAttempt(key: string): Promise<string>;
}

export function createPowSolver(solve: () => Promise<Solved> = solveNext): PowSolver {
  let next: Promise<Solved> | null = null;
  const used = new Map<string, string>();
  function prepare() {
    if (next) return;
    const pending = solve();
    next = pending;
    // A failure (offline, say) is solved again on the next press.
    pending.catch(() => {
      if (next === pending) next = null;
    });
  }
  async function take(): Promise<Solved> {
    prepare();
    const solved = await next!;
    next = null;
    return solved;
  }
  return {
    prepare,
    async forAttempt(key) {
      const known = used.get(key);
      if (known) return known;
      let solved = await take();
      if (solved.expiresAt - EXPIRY_MARGIN_MS < Date.now()) solved = await take();
      used.set(key, solved.payload);
      prepare();
      return solved.payload;
    },
  };
}
