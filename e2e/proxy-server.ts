import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A second console server for proxy-mode specs: `npm start` (the built console of this run) on its
 * own port, with the env given (GATEWAY_URL pointing at a gateway the spec runs).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Resolves once /api/_console/info answers; the child is killed when it does not start in 30 s. */
export async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn('node_modules/.bin/tsx', ['server/start.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'proxy-e2e-')),
      DIST_DIR: join(process.env.E2E_WORK_DIR ?? '.', 'dist'),
      GATEWAY_TOKENS: 'dev-token',
      STATUS_AUTH: 'optional',
      ...env,
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/_console/info`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server on ${port} did not start`);
}
