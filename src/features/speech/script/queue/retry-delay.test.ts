import { describe, expect, it } from 'vitest';
import { backoffMs, MAX_RETRY_AFTER_MS, retryAfterMs } from './retry-delay';

describe('retryAfterMs', () => {
  const now = Date.parse('2026-11-26T00:00:00Z');
  it('reads whole seconds and HTTP dates, capped, a past date as now', () => {
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Thu, 26 Nov 2026 00:00:07 GMT', now)).toBe(7000);
    expect(retryAfterMs('Wed, 25 Nov 2026 23:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('99999999', now)).toBe(MAX_RETRY_AFTER_MS);
  });
  it('says null for what is neither', () => {
    for (const v of [null, undefined, '', '1.5', '-3', 'soon', '2026-11-26T00:00:07Z']) expect(retryAfterMs(v, now)).toBeNull();
  });
});

describe('backoffMs', () => {
  it('doubles from 1 s up to 60 s, jittered between half and all of it', () => {
    expect([0, 1, 2, 3].map((n) => backoffMs(n, 0))).toEqual([500, 1000, 2000, 4000]);
    expect(backoffMs(0, 0.999)).toBe(1000);
    expect(backoffMs(10, 0.999)).toBe(59_970);
    expect(backoffMs(1000, 0)).toBe(30_000);
  });
});
