import { describe, expect, it } from 'vitest';
import { isLocalHost } from './local-address';

const hostOf = (url: string) => new URL(url).hostname;

describe('isLocalHost (the literal host of a URL)', () => {
  it.each([
    'http://127.0.0.1/',
    'http://127.255.0.9/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://0.0.0.0/',
    'http://localhost/',
    'http://LOCALHOST./',
    'http://a.b.localhost/',
    'http://169.254.169.254/',
    'http://[::1]/',
    'http://[::]/',
    'http://[fe80::1]/',
    'http://[FEBF::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:169.254.0.1]/',
  ])('%s is local', (url) => expect(isLocalHost(hostOf(url))).toBe(true));

  it.each([
    'https://gw.example/',
    'http://127.example/',
    'http://localhost.example/',
    'http://10.0.0.1/',
    'http://169.255.0.1/',
    'http://[fec0::1]/',
    'http://[2001:db8::1]/',
    'http://[::ffff:10.0.0.1]/',
  ])('%s is not', (url) => expect(isLocalHost(hostOf(url))).toBe(false));
});
