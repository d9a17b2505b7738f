import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SpeechEngine } from '../../gateway/speech/speech-engine';
import { serverNodeArgs } from '../server-bundle';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const STARTED = /at (http:\/\/127\.0\.0\.1:\d+)\//;

export type RealServer = { url: string; child: ChildProcess; exited: Promise<number | null> };

/** A console build stand-in, so `npm start`'s build-on-first-run never runs inside a test. */
export async function makeStubDist(dir: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>stub</title>');
  return dir;
}

/**
 * The real production entry (server/start.ts bundled, as `npm start` runs it: ../server-bundle.ts) on a free port, embedded gateway.
 * `speechEngine`: what speaks (SPEECH_ENGINE); the real espeak-ng unless the test's subject is not
 * the voice, where the stand-in saves the engine's compile and syntheses. `standInSentenceMs`: the
 * stand-in's wait per sentence (SPEECH_STAND_IN_SENTENCE_MS), for a synthesis that must be in flight.
 */
export async function startRealServer(options: {
  dataDir: string;
  distDir: string;
  speechEngine?: SpeechEngine;
  standInSentenceMs?: number;
  timeoutMs?: number;
}): Promise<RealServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    DIST_DIR: options.distDir,
    GATEWAY_TOKENS: 'dev-token',
    SPEECH_ENGINE: options.speechEngine ?? 'espeak-ng',
  };
  if (options.standInSentenceMs !== undefined) env.SPEECH_STAND_IN_SENTENCE_MS = String(options.standInSentenceMs);
  else delete env.SPEECH_STAND_IN_SENTENCE_MS;
  delete env.GATEWAY_URL;
  const child = spawn(process.execPath, serverNodeArgs(), { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  let output = '';
  const url = await new Promise<string>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`server did not start in time:\n${output}`)), options.timeoutMs ?? 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = STARTED.exec(output);
      if (match) {
        clearTimeout(timer);
        ready(match[1]!);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`server exited with ${String(code)} before it started:\n${output}`));
    });
  });
  return { url, child, exited };
}

/** kill -9: no shutdown hook runs, nothing is flushed. */
export async function killHard(server: RealServer): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

export async function stopGracefully(server: RealServer): Promise<number | null> {
  server.child.kill('SIGTERM');
  return server.exited;
}
