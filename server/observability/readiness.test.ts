import { describe, expect, it } from 'vitest';
import { createReadiness } from './readiness';

describe('readiness', () => {
  it('reuses one check for cacheMs, then checks again', async () => {
    let now = 1_000;
    let checks = 0;
    let reason: string | null = null;
    const readiness = createReadiness({ check: () => (checks++, reason), cacheMs: 5_000, now: () => now });
    expect(await readiness.state()).toEqual({ ready: true });
    reason = 'the gateway is unreachable';
    now += 4_999;
    expect(await readiness.state()).toEqual({ ready: true });
    expect(checks).toBe(1);
    now += 1;
    expect(await readiness.state()).toEqual({ ready: false, reason: 'the gateway is unreachable' });
    expect(checks).toBe(2);
  });

  it('lets probes that come together share one running check', async () => {
    let checks = 0;
    let release: (reason: string | null) => void = () => undefined;
    const readiness = createReadiness({
      check: () => {
        checks++;
        return new Promise<string | null>((done) => (release = done));
      },
      cacheMs: 0,
    });
    const probes = [readiness.state(), readiness.state(), readiness.state()];
    release('the database is not writable');
    expect(await Promise.all(probes)).toEqual(Array(3).fill({ ready: false, reason: 'the database is not writable' }));
    expect(checks).toBe(1);
  });

  it('says "draining" once shutdown began, whatever the check says, without checking', async () => {
    let checks = 0;
    const readiness = createReadiness({ check: () => (checks++, null), cacheMs: 0 });
    readiness.markDraining();
    expect(await readiness.state()).toEqual({ ready: false, reason: 'draining' });
    expect(checks).toBe(0);
  });

  it('counts a check that throws as not ready, without its message', async () => {
    const readiness = createReadiness({
      check: () => {
        throw new Error('secret-ish detail http://10.0.0.5/');
      },
      cacheMs: 0,
    });
    expect(await readiness.state()).toEqual({ ready: false, reason: 'the readiness check failed' });
  });
});
