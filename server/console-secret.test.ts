import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { consoleSecret, SECRET_FILE } from './console-secret';

const dir = () => mkdtempSync(join(tmpdir(), 'console-secret-'));

describe('console secret', () => {
  it('uses CONSOLE_SECRET when set, and writes nothing', async () => {
    const d = dir();
    const configured = randomBytes(32).toString('hex');
    expect(await consoleSecret({ configured, dataDir: d })).toEqual({ secret: configured, source: 'CONSOLE_SECRET' });
    expect(() => statSync(join(d, SECRET_FILE))).toThrow();
  });

  it('generates one in DATA_DIR (mode 0600) and finds the same after a restart', async () => {
    const d = join(dir(), 'nested');
    const first = await consoleSecret({ dataDir: d });
    expect(first.source).toBe('file');
    expect(first.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(join(d, SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect((await consoleSecret({ dataDir: d })).secret).toBe(first.secret);
  });

  it('two instances starting together on one DATA_DIR agree on one secret', async () => {
    const d = dir();
    const all = await Promise.all(Array.from({ length: 8 }, () => consoleSecret({ dataDir: d })));
    expect(new Set(all.map((s) => s.secret)).size).toBe(1);
    expect(readFileSync(join(d, SECRET_FILE), 'utf8').trim()).toBe(all[0]!.secret);
  });

  it('refuses a kept secret that is too short', async () => {
    const d = dir();
    writeFileSync(join(d, SECRET_FILE), 'short\n', { mode: 0o600 });
    await expect(consoleSecret({ dataDir: d })).rejects.toThrow(/must be at least 32 characters/);
  });

  it('refuses a kept secret that is plainly weak, as CONSOLE_SECRET is, and says how to make one', async () => {
    for (const weak of ['z'.repeat(40), `${'ab'.repeat(20)}c`]) {
      const d = dir();
      writeFileSync(join(d, SECRET_FILE), `${weak}\n`, { mode: 0o600 });
      await expect(consoleSecret({ dataDir: d })).rejects.toThrow(
        /console-secret (?:is one short piece repeated|has too little variety)[\s\S]*remove it[\s\S]*openssl rand -hex 32/,
      );
    }
  });

  it('without a writable DATA_DIR: a secret for this process only, and says so', async () => {
    // Under a plain file: not writable, even for root.
    const file = join(dir(), 'not-a-dir');
    writeFileSync(file, '');
    const warn = vi.fn();
    const got = await consoleSecret({ dataDir: join(file, 'data'), warn });
    expect(got.source).toBe('memory');
    expect(got.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/CONSOLE_SECRET/));
  });
});
