import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address';

describe('clientAddressKey', () => {
  it('keeps an IPv4 address, also when Node reports it IPv4-mapped', () => {
    expect(clientAddressKey('177.32.10.4')).toBe('177.32.10.4');
    expect(clientAddressKey('::ffff:177.32.10.4')).toBe('177.32.10.4');
  });

  it.each([
    ['2804:14c:65c1:4012:a1b2:c3d4:e5f6:1789', '2804:14c:65c1:4012::/64'],
    ['2804:014C:65C1:4012::1', '2804:14c:65c1:4012::/64'],
    ['2804:14c::1', '2804:14c:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::177.32.10.4', '64:ff9b:0:0::/64'],
  ])('counts the IPv6 address %s by its /64', (ip, key) => {
    expect(clientAddressKey(ip)).toBe(key);
  });

  it('tells two /64s apart and joins two addresses of one /64', () => {
    expect(clientAddressKey('2804:14c:65c1:4012::a')).toBe(
      clientAddressKey('2804:14c:65c1:4012:ffff:1:2:3'),
    );
    expect(clientAddressKey('2804:14c:65c1:4012::a')).not.toBe(
      clientAddressKey('2804:14c:65c1:4013::a'),
    );
  });
});
