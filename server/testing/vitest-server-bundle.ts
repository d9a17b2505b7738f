import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLE_DIR, bundleServer } from '../build/bundle-server.mjs';
import { SERVER_BUNDLE_ENV } from './server-bundle';

/**
 * Vitest's global setup for the server tests: the production server bundled once for the run (as `npm start` bundles
 * it), in a directory of its own under dist-server/ (its packages resolve from the checkout's node_modules), removed at
 * the end. The tests that spawn a real server run it with plain node (server/testing/server-bundle.ts).
 */
export default async function setup(): Promise<() => void> {
  mkdirSync(BUNDLE_DIR, { recursive: true });
  const dir = mkdtempSync(join(BUNDLE_DIR, 'vitest-'));
  process.env[SERVER_BUNDLE_ENV] = await bundleServer(dir);
  return () => {
    delete process.env[SERVER_BUNDLE_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}
