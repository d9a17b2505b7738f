import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { servedDist } from './served-dist';
import { serverNodeArgs } from './served-server';

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

/**
 * Resolves when the server says it is listening: server/start.ts prints its "Service AI Console at …" line once
 * listen() has called back. Rejects when it exits first or says nothing for `limitMs` (the child is killed then).
 */
export function untilListening(child: ChildProcess, limitMs = 30_000): Promise<void> {
  const out = child.stdout;
  if (!out) return Promise.reject(new Error('spawn the server with stdout piped'));
  return new Promise((resolve, reject) => {
    let printed = '';
    const onData = (chunk: Buffer) => {
      printed += chunk.toString();
      if (printed.includes('Service AI Console')) settle();
    };
    const onExit = (code: number | null) => settle(new Error(`server exited (${code}) before listening`));
    const limit = setTimeout(() => {
      child.kill('SIGKILL');
      settle(new Error(`server did not start in ${limitMs / 1000} s`));
    }, limitMs);
    function settle(error?: Error) {
      clearTimeout(limit);
      out!.off('data', onData);
      child.off('exit', onExit);
      out!.resume(); // keep draining what it prints later, so the pipe never fills
      if (error) reject(error);
      else resolve();
    }
    out.on('data', onData);
    child.once('exit', onExit);
  });
}

/** Resolves once the server is listening (see untilListening). */
export async function startServer(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, serverNodeArgs(), {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'proxy-e2e-')),
      DIST_DIR: servedDist().dir,
      GATEWAY_TOKENS: 'dev-token',
      STATUS_AUTH: 'optional',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  await untilListening(child);
  return child;
}
