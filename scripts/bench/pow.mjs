// The booking form's proof of work (apps/server/src/features/booking/pow.ts, decision 028) as
// the bench's visitors do it: a challenge from GET /api/public/booking-challenge, solved with
// altcha-lib as the page and the tests (apps/server/test/helpers/booking.ts) solve it. Each
// solution books once, so load runs solve theirs BEFORE the timed part (`PowPool`).
import os from 'node:os';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

let challenges = 0;

/**
 * One solved challenge (null when the server asks for none): ALTCHA's payload (base64 of `{ challenge, solution }`) for a booking's
 * `pow`. Each challenge is asked from another address (X-Forwarded-For, the bench servers
 * trust it): an address may ask for 300 in 10 minutes.
 */
export async function solvedPow(baseUrl, headers = {}) {
  challenges += 1;
  const res = await fetch(`${baseUrl}/api/public/booking-challenge`, {
    headers: {
      'x-forwarded-for': `10.250.${(challenges >> 8) & 255}.${challenges & 255}`,
      ...headers,
    },
  });
  // A commit from before the proof of work (bench:ab's older side) books without one.
  if (res.status === 404) return null;
  if (res.status !== 200) throw new Error(`desafio: ${res.status} ${await res.text()}`);
  const challenge = await res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('desafio sem solução');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Solutions ready before a load: `take()` hands one out, synchronously, for `next()`. */
export function createPowPool() {
  const ready = [];
  let warned = false;
  let unasked = false;
  return {
    get size() {
      return ready.length;
    },
    /** Solves until `count` are ready, several at once (PBKDF2 runs on libuv's threads). */
    async fill(baseUrl, count) {
      let started = ready.length;
      const workers = Math.max(1, Math.min(os.cpus().length, count - started));
      await Promise.all(
        Array.from({ length: workers }, async () => {
          // Counted before the await, so the workers together solve exactly `count`.
          while (started < count && !unasked) {
            started += 1;
            const pow = await solvedPow(baseUrl);
            if (pow === null) unasked = true;
            else ready.push(pow);
          }
        }),
      );
    },
    /** A ready solution; none left: undefined (the booking is refused, 400, and counted so). */
    take() {
      const pow = ready.pop();
      if (pow === undefined && !unasked && !warned) {
        warned = true;
        console.warn('bench: as soluções da prova de trabalho acabaram (veja BENCH_BOOKING_RATE)');
      }
      return pow;
    },
  };
}
