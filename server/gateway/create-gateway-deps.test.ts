import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createGatewayDeps } from './create-gateway-deps';
import { fakeSpeech } from '../testing/test-gateway';

describe('createGatewayDeps', () => {
  it('loads tasks, balances and the signing key left by an earlier run', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'deps-'));
    const options = { dataDir, tokens: ['a', 'b', 'a'], statusAuth: 'required' as const, emulator: false, speech: fakeSpeech() };
    const first = await createGatewayDeps(options);
    expect([...first.tokens]).toEqual(['a', 'b']);
    const [id] = await first.tasks.create('5', { count: 1 });
    first.points.set('5', 12);
    const sig = first.signer.sign('video', id!, '5');
    await first.close();

    const second = await createGatewayDeps(options);
    expect(second.tasks.find('5', id!)).toBeDefined();
    expect(second.points.balance('5')).toBe(12);
    expect(second.signer.verify('video', id!, '5', sig)).toBe(true);
    await second.close();
  });

  it('closes once, including the speech service, however often close() is called', async () => {
    const speech = { ...fakeSpeech(), close: vi.fn(async () => undefined) };
    const deps = await createGatewayDeps({
      dataDir: await mkdtemp(join(tmpdir(), 'deps-')),
      tokens: ['t'],
      statusAuth: 'optional',
      emulator: true,
      speech,
    });
    await Promise.all([deps.close(), deps.close()]);
    await deps.close();
    expect(speech.close).toHaveBeenCalledTimes(1);
  });
});
