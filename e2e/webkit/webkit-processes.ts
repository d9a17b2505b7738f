import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onPath } from '../../scripts/lib/find-webkit.mjs';
import { PULSEAUDIO_ARGS } from '../../scripts/lib/sound-server.mjs';
import { freePort, untilListening } from '../proxy-server';

/**
 * The processes a WebKit run needs, each started here and stopped by its PID: an X display (Xvfb), a
 * sound server (pulseaudio, its own), the console's two servers (real and stand-in speech
 * engine, as playwright.config.ts starts them) and WebKitWebDriver, which starts MiniBrowser itself.
 */

const started: ChildProcess[] = [];

/** Stops everything started here, last first, by PID (a process group of its own as a whole). */
export async function stopAll(): Promise<void> {
  for (const child of started.splice(0).reverse()) await stop(child);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  signal(child, 'SIGTERM');
  const late = setTimeout(() => signal(child, 'SIGKILL'), 5_000);
  await exited;
  clearTimeout(late);
}

const groups = new WeakSet<ChildProcess>();

/** The child, or the whole group it leads (what it started, too). */
function signal(child: ChildProcess, name: NodeJS.Signals): void {
  try {
    if (groups.has(child) && child.pid) process.kill(-child.pid, name);
    else child.kill(name);
  } catch {
    // Gone already.
  }
}

function track(child: ChildProcess, { group = false } = {}): ChildProcess {
  started.push(child);
  if (group) groups.add(child);
  return child;
}

// A run stopped from outside (Ctrl-C, a CI timeout's SIGTERM) still stops what it started, by PID.
const stopNow = (name: NodeJS.Signals) => () => {
  for (const child of started) signal(child, 'SIGTERM');
  process.exit(name === 'SIGINT' ? 130 : 143);
};
process.once('SIGINT', stopNow('SIGINT'));
process.once('SIGTERM', stopNow('SIGTERM'));
process.once('exit', () => started.forEach((child) => signal(child, 'SIGTERM')));

/** An Xvfb on a display number it picks itself (-displayfd): never one someone else's run holds. */
export async function startXvfb(): Promise<string> {
  const child = track(
    spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
    }),
  );
  const fd = child.stdio[3] as NodeJS.ReadableStream;
  const display = await new Promise<string>((resolve, reject) => {
    let said = '';
    fd.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('\n')) resolve(`:${said.trim()}`);
    });
    child.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before naming its display`)));
  });
  return display;
}

/**
 * A pulseaudio of this run's own (its own runtime directory, a null sink): another one may stop mid-run. Without a
 * sound server WebKit's GStreamer has no audio sink: an <audio> loads its duration but never plays.
 */
export async function startSoundServer(runtime: string): Promise<Record<string, string>> {
  if (!onPath('pulseaudio')) return {};
  mkdirSync(runtime, { recursive: true });
  const env = { XDG_RUNTIME_DIR: runtime, PULSE_RUNTIME_PATH: join(runtime, 'pulse') };
  const child = track(
    spawn(
      'pulseaudio',
      // npm test's own arguments (a null sink, the local socket, never exiting on its own), without shared memory.
      [...PULSEAUDIO_ARGS, '--disable-shm'],
      {
        env: { ...process.env, ...env },
        stdio: 'ignore',
      },
    ),
  );
  // It answers once its socket is there.
  for (let i = 0; i < 100 && !existsSync(join(runtime, 'pulse', 'native')); i++) {
    if (child.exitCode !== null) throw new Error(`pulseaudio exited (${child.exitCode})`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return env;
}

export type ConsoleServers = { real: string; standIn: string };

/** The console's two servers on the given build: the real speech engine and the stand-in (playwright.config.ts). */
export async function startConsoleServers(distDir: string, workDir: string): Promise<ConsoleServers> {
  const base = Number(process.env.E2E_WEBKIT_PORT ?? 0);
  const [real, standIn] = base ? [base, base + 1] : [await freePort(), await freePort()];
  const env = (port: number, data: string, extra: Record<string, string> = {}) => ({
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(workDir, data),
    DIST_DIR: distDir,
    GATEWAY_URL: '',
    GATEWAY_TOKENS: 'dev-token',
    STATUS_AUTH: 'optional',
    ACCESS_LOG: 'off',
    ...extra,
  });
  const servers = [
    // What `npm start` runs: the server bundled from the sources as they are, under plain node.
    track(spawn(process.execPath, ['server/build/serve.mjs'], { env: env(real, 'data'), stdio: ['ignore', 'pipe', 'inherit'] })),
    track(
      spawn(process.execPath, ['server/build/serve.mjs'], {
        env: env(standIn, 'data-stand-in', { SPEECH_ENGINE: 'stand-in' }),
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    ),
  ];
  await Promise.all(servers.map((s) => untilListening(s, 60_000)));
  return { real: `http://127.0.0.1:${real}`, standIn: `http://127.0.0.1:${standIn}` };
}

/** This checkout built into the run's directory, unless E2E_DIST_DIR names a build (as playwright.config.ts). */
export function buildConsole(outDir: string): void {
  const built = spawnSync('node_modules/.bin/vite', ['build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error(`vite build failed (${built.status})`);
}

/** WebKitWebDriver and the MiniBrowser it starts, stopped together; what they are doing, for a report. */
export type WebKitDriver = { url: string; stop(): Promise<void>; processes(): string };

/**
 * WebKitWebDriver on a port of its own; its MiniBrowser inherits `env` (DISPLAY, the sound server, the locale)
 * and none of this process's locale variables. They run in a session of their own (setsid), so a browser that
 * hangs is stopped with everything it started, and a new one can take its place.
 */
export async function startWebKitWebDriver(env: Record<string, string>): Promise<WebKitDriver> {
  const port = Number(process.env.E2E_WEBKIT_PORT ?? 0) ? Number(process.env.E2E_WEBKIT_PORT) + 2 : await freePort();
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(LANG|LANGUAGE|LC_\w+)$/.test(name)));
  const child = track(
    spawn('WebKitWebDriver', [`--port=${port}`, '--host=127.0.0.1'], { env: { ...inherited, ...env }, stdio: 'ignore', detached: true }),
    { group: true },
  );
  const url = `http://127.0.0.1:${port}`;
  const driver: WebKitDriver = {
    url,
    stop: async () => {
      const at = started.indexOf(child);
      if (at >= 0) started.splice(at, 1);
      await stop(child);
    },
    processes: () =>
      spawnSync('ps', ['--sid', String(child.pid), '-o', 'pid,stat,pcpu,cputime,rss,args', '--cols', '160'], { encoding: 'utf8' }).stdout,
  };
  for (let i = 0; i < 100; i++) {
    const ready = await fetch(`${url}/status`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return driver;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('WebKitWebDriver did not answer /status in 5 s');
}

export const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));
