import { describe, expect, it } from 'vitest';
import { createAudioTickets } from './audio-ticket';

const SECRET_A = 'a'.repeat(64);
const SECRET_B = 'b'.repeat(64);
const URL_ = 'https://gw.test/files/audio/1.wav?sig=x';

describe('audio relay tickets', () => {
  it('a ticket made by one instance is accepted by another with the same secret', () => {
    const a = createAudioTickets({ secret: SECRET_A, ttlMs: 60_000, now: () => 1_000_000 });
    const b = createAudioTickets({ secret: SECRET_A, ttlMs: 60_000, now: () => 1_000_000 });
    const ticket = a.issue(URL_);
    expect(ticket.exp).toBe(1_060);
    expect(b.verify(URL_, String(ticket.exp), ticket.sig)).toBe('valid');
  });

  it('refuses a ticket signed with another secret, a tampered URL or expiry, and a malformed one', () => {
    const a = createAudioTickets({ secret: SECRET_A, ttlMs: 60_000 });
    const b = createAudioTickets({ secret: SECRET_B, ttlMs: 60_000 });
    const { exp, sig } = a.issue(URL_);
    expect(b.verify(URL_, String(exp), sig)).toBe('invalid');
    expect(a.verify(`${URL_}2`, String(exp), sig)).toBe('invalid');
    expect(a.verify(URL_, String(exp + 1), sig)).toBe('invalid');
    expect(a.verify(URL_, String(exp), `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`)).toBe('invalid');
    // The same bytes spelled another way (the last character's two unused bits set): one spelling only. Before, a
    // signature ending in 'A' tampered to 'B' decoded to the same MAC and passed (1 run in 16 failed this test).
    const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const alias = `${sig.slice(0, -1)}${B64URL[B64URL.indexOf(sig.at(-1)!) + 1]}`;
    expect(Buffer.from(alias, 'base64url')).toEqual(Buffer.from(sig, 'base64url'));
    expect(a.verify(URL_, String(exp), alias)).toBe('invalid');
    for (const [e, s] of [
      ['', sig],
      [String(exp), ''],
      ['1e9', sig],
      ['-1', sig],
      [String(exp), 'x'.repeat(10_000)],
    ] as const) {
      expect(a.verify(URL_, e, s)).toBe('invalid');
    }
  });

  it('refuses a ticket after its expiry', () => {
    let now = 5_000_000;
    const a = createAudioTickets({ secret: SECRET_A, ttlMs: 60_000, now: () => now });
    const { exp, sig } = a.issue(URL_);
    now += 59_000;
    expect(a.verify(URL_, String(exp), sig)).toBe('valid');
    now += 2_000;
    expect(a.verify(URL_, String(exp), sig)).toBe('expired');
  });
});
