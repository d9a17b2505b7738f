import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serverNodeArgs } from '../testing/server-bundle';

// The run's bundle (made by the server project's global setup with bundle-server.mjs, as `npm start` makes it).
const bundle = serverNodeArgs().at(-1)!;
const code = readFileSync(bundle, 'utf8');

describe('the bundled server', () => {
  it('loads what its sources load beside themselves (workers, WebAssembly, the sample video) from beside the sources', () => {
    const fromSources = [...code.matchAll(/new URL\(("[^"]+"), import\.meta\.url\)\.href/g)].map((m) => JSON.parse(m[1]!) as string);
    // worker-pool.ts (the synthesis worker), sample-video.ts, create-api.ts (package.json) and start.ts (the checkout);
    // the .mjs modules the workers load run as they are, not bundled.
    expect(fromSources.length).toBeGreaterThanOrEqual(4);
    for (const relative of fromSources) expect(existsSync(fileURLToPath(new URL(relative, `file://${bundle}`))), relative).toBe(true);
    // Nothing reads the bundle's own URL as if it were a source file's.
    expect(code.replace(/new URL\("[^"]+", import\.meta\.url\)\.href/g, '')).not.toMatch(/import\.meta\.url/);
    expect(fromSources.some((r) => r.endsWith('server/gateway/speech/worker-pool.ts'))).toBe(true);
  });

  it('maps back to the TypeScript sources, so a stack trace names their lines', () => {
    expect(code).toMatch(/\/\/# sourceMappingURL=start\.mjs\.map\s*$/);
    const map = JSON.parse(readFileSync(`${bundle}.map`, 'utf8')) as { sources: string[] };
    const sources = map.sources.map((s) => resolve(dirname(bundle), s));
    expect(sources.some((s) => s.endsWith('server/start.ts'))).toBe(true);
    for (const source of sources) expect(existsSync(source), source).toBe(true);
  });

  it('leaves packages to node_modules', () => {
    expect(code).toMatch(/from "hono"/);
    expect(code).not.toMatch(/node_modules/);
  });
});
