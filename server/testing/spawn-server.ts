import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeArgs } from './server-bundle';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const STARTED = /at (http:\/\/127\.0\.0\.1:\d+)\//;

export type SpawnedServer = {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** SIGTERM, wait for the exit, then the whole output. */
  stop(): Promise<string>;
};

/** The bundled server/start.ts (server-bundle.ts) under plain node on a free loopback port, stdout and stderr gathered in one string. */
function startProcess(env: Record<string, string>): { child: ChildProcessByStdio<null, Readable, Readable>; output: () => string } {
  const child = spawn(process.execPath, serverNodeArgs(), {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', GATEWAY_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
  return { child, output: () => output };
}

/** The server with the given environment, resolved once it says where it listens. */
export function spawnServer(env: Record<string, string>, timeoutMs = 20_000): Promise<SpawnedServer> {
  const { child, output: read } = startProcess(env);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    return read();
  };
  return new Promise((ready, fail) => {
    const timer = setTimeout(() => void stop().then(() => fail(new Error(`server did not start:\n${read()}`))), timeoutMs);
    const check = () => {
      const match = STARTED.exec(read());
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off('data', check);
      ready({ url: match[1]!, child, output: read, stop });
    };
    child.stdout.on('data', check);
    void exited.then(() => {
      clearTimeout(timer);
      fail(new Error(`server exited before it started:\n${read()}`));
    });
  });
}

/** Run start.ts to its exit (for configurations it refuses); the whole output. */
export function runServerToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const { child, output } = startProcess(env);
  return new Promise((done) => child.once('exit', (code) => done({ code, output: output() })));
}
