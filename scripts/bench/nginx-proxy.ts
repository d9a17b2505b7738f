// nginx as the bench's yardstick for the console's proxy: Debian's package (/usr/sbin/nginx),
// one worker, `proxy_pass` to an upstream keepalive pool over HTTP/1.1 — the production shape of a
// reverse proxy that adds nothing but a hop. Config, logs, pid and temp paths live in a temp dir
// the bench removes; nothing under /etc or /var is read or written.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acceptsConnections } from '../lib/wait-for-server';

export const NGINX = process.env.BENCH_NGINX ?? '/usr/sbin/nginx';

function nginxConfig(dir: string, listenPort: number, upstreamPort: number): string {
  return `
worker_processes 1;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # The load clients keep one socket each for the whole run (nginx's default closes one after 1,000).
  keepalive_requests 10000000;
  upstream gateway {
    server 127.0.0.1:${upstreamPort};
    keepalive 64;
    keepalive_requests 10000000;
  }
  server {
    listen 127.0.0.1:${listenPort};
    location / {
      proxy_pass http://gateway;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      # The gateway's Host allow-list serves 127.0.0.1, not the upstream block's name.
      proxy_set_header Host 127.0.0.1:${upstreamPort};
    }
  }
}
`;
}

/** A port free right now on 127.0.0.1 (BENCH_NGINX_PORT picks one instead). */
async function freePort(): Promise<number> {
  const fixed = Number(process.env.BENCH_NGINX_PORT);
  if (fixed > 0) return fixed;
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type NginxProxy = { port: number; pids: () => Promise<number[]>; stop: () => Promise<void> };

/** Starts nginx in front of 127.0.0.1:upstreamPort; resolves once it accepts connections. */
export async function startNginxProxy(upstreamPort: number): Promise<NginxProxy> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-nginx-'));
  const port = await freePort();
  await writeFile(join(dir, 'nginx.conf'), nginxConfig(dir, port, upstreamPort));
  const child = spawn(
    NGINX,
    ['-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf'), '-g', `daemon off; pid ${dir}/nginx.pid;`],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let errors = '';
  child.stderr.setEncoding('utf8').on('data', (c: string) => (errors += c));
  const stop = async () => {
    const exited = new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
    child.kill('SIGQUIT');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!(await acceptsConnections(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = await readFile(join(dir, 'error.log'), 'utf8').catch(() => '');
      await stop();
      throw new Error(`nginx did not start: ${errors}${log}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  /** The master and its worker: their CPU together is nginx's. */
  const pids = async () => {
    const workers = await readFile(`/proc/${child.pid}/task/${child.pid}/children`, 'latin1').catch(() => '');
    return [child.pid!, ...workers.trim().split(' ').filter(Boolean).map(Number)];
  };
  return { port, pids, stop };
}
