import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';
import { toFastifyTrustProxy } from './trust-proxy';

const trustOf = (value: string) => loadEnv({ TRUST_PROXY: value }).TRUST_PROXY;

describe('TRUST_PROXY', () => {
  it('is off by default and with false or 0', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(trustOf('false')).toBe(false);
    expect(trustOf('0')).toBe(false);
  });

  it('true is one proxy; a number is that many', () => {
    expect(trustOf('true')).toBe(1);
    expect(trustOf('1')).toBe(1);
    expect(trustOf('2')).toBe(2);
  });

  it('takes the proxies addresses, CIDRs and range names', () => {
    expect(trustOf('127.0.0.1, 10.0.0.0/8,::1,2001:DB8::/32,loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      '2001:db8::/32',
      'loopback',
    ]);
  });

  it.each(['yes', '6', '-1', '10.0.0.0/33', '::1/129', '10.0.0.1,', 'proxy.local', '1.2.3.4/8/1'])(
    'refuses %s with a pt-BR message',
    (value) => {
      expect(() => trustOf(value)).toThrow(EnvError);
      expect(() => trustOf(value)).toThrow(/TRUST_PROXY: use false, o número de proxies/);
    },
  );

  it('a count trusts that many hops from the socket on, never more', () => {
    const trust = toFastifyTrustProxy(1) as (address: string, hop: number) => boolean;
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('203.0.113.9', 1)).toBe(false);
  });
});
