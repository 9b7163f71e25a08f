import { isIP } from 'node:net';
import { z } from 'zod';

/** Names proxy-addr (Fastify's trustProxy) accepts for whole address ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
/** More hops than any real set-up has: a larger count is a typo, not a deployment. */
const MAX_HOPS = 5;

const MESSAGE =
  'use false, o número de proxies à frente do servidor (1 a 5; true é 1) ou os endereços/CIDRs ' +
  'deles separados por vírgula (ex. 127.0.0.1,10.0.0.0/8)';

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which hops of `X-Forwarded-For` are the operator's own proxies (docs/decisions/026): a hop
 * count (`true` is one proxy) or their addresses/CIDRs, never "every hop", since the leftmost
 * entries are whatever the client wrote.
 */
export type TrustProxy = false | number | string[];

/**
 * Fastify's public `trustProxy` option. A list goes as is; Fastify 5.12 refuses a bare number
 * (it trusts no hop then), so a count is its documented custom function: the first `hops`
 * addresses from the socket on are proxies, and the next one is the client.
 */
export function toFastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

export const trustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): TrustProxy => {
    const lower = value.toLowerCase();
    if (lower === 'false') return false;
    if (lower === 'true') return 1;
    if (/^\d+$/.test(lower)) {
      const hops = Number(lower);
      if (hops <= MAX_HOPS) return hops === 0 ? false : hops;
    } else {
      const entries = lower.split(',').map((entry) => entry.trim());
      if (entries.every((entry) => entry !== '' && isAddressOrRange(entry))) return entries;
    }
    ctx.addIssue({ code: 'custom', message: MESSAGE });
    return z.NEVER;
  });
