import { describe, expect, it } from 'vitest';
import { addressGroup } from './address-group';

describe('addressGroup', () => {
  it('counts an IPv4 address on its own, also when written IPv4-mapped', () => {
    expect(addressGroup('127.0.0.1')).toBe('127.0.0.1');
    expect(addressGroup('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressGroup('::FFFF:192.0.2.7')).toBe('192.0.2.7');
  });

  it('counts an IPv6 address by its /64, however it is spelled', () => {
    const group = '2001:db8:0:1::/64';
    for (const spelling of ['2001:db8:0:1::5', '2001:0db8:0000:0001:ffff:0:0:9', '2001:DB8:0:1:1:2:3:4', '2001:db8:0:1::1%eth0'])
      expect(addressGroup(spelling)).toBe(group);
    expect(addressGroup('2001:db8:0:2::5')).not.toBe(group);
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('fe80::1')).toBe('fe80:0:0:0::/64');
    expect(addressGroup('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('puts a socket without an address (already closed) in one group', () => {
    expect(addressGroup(undefined)).toBe('unknown');
  });
});
