import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SERVE = 'server/build/serve.mjs';

/** The console server's environment for a bench: its own data and dist dirs under `work`, the embedded gateway. */
export function benchServerEnv(work: string, port: number | string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(work, 'data'),
    DIST_DIR: join(work, 'dist'),
    GATEWAY_URL: '',
    ...extra,
  };
}

/**
 * Starts the production server (this checkout's, or the one in `cwd`) on a free port in a fresh temp dir (named from `prefix`) and resolves
 * with its base URL once it says where it listens; stop() ends it and removes the dir.
 */
export async function startBenchServer(prefix: string, extraEnv: Record<string, string> = {}, cwd?: string) {
  const work = await mkdtemp(join(tmpdir(), prefix));
  // `npm start`'s way (the server bundled, then run in that process); a baseline checkout from before it, under tsx.
  const bundled = existsSync(join(cwd ?? '.', SERVE));
  const server = spawn(process.execPath, bundled ? [SERVE] : ['node_modules/tsx/dist/cli.mjs', 'server/start.ts'], {
    env: benchServerEnv(work, 0, extraEnv),
    stdio: ['ignore', 'pipe', 'inherit'],
    // Another checkout's server (a bench's baseline): its own code and node_modules.
    ...(cwd ? { cwd } : {}),
  });
  const stop = async () => {
    // Wait for the server to go, still reading its output, so its shutdown line never hits a closed pipe.
    const exited = new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve(null)));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    await rm(work, { recursive: true, force: true });
  };
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The server did not start within 180 s')), 180_000);
    let out = '';
    // Until the start-up line only: a server's access log (a line per request) is read and dropped
    // after it, instead of growing a string searched again on every chunk, on the bench's own thread.
    const onOutput = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /at (http:\/\/[^/\s]+)\//.exec(out);
      if (match) {
        clearTimeout(timer);
        server.stdout.off('data', onOutput);
        server.stdout.on('data', () => undefined);
        out = '';
        resolve(match[1]!);
      }
    };
    server.stdout.on('data', onOutput);
    server.once('exit', (code) => reject(new Error(`The server exited (${code})`)));
  }).catch(async (e: unknown) => {
    await stop();
    throw e;
  });
  return { base, work, stop, pid: server.pid };
}
