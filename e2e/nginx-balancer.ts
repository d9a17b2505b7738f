import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acceptsConnections } from '../scripts/lib/wait-for-server';

const NGINX = '/usr/sbin/nginx';

/**
 * Debian's nginx as a round-robin balancer in front of console servers, unprivileged, with its
 * config, logs and temp paths in a temp dir. Each line of access.log: upstream(s), method, path,
 * status; a retried request names both upstreams ("a, b").
 * Retries: any request whose connection to an instance failed (refused, reset before an answer)
 * goes to the next one, POSTs included, since nothing reached that instance. A request that did
 * reach an instance is retried only when it is idempotent, and the status operation: a POST, but
 * read-only. Speech is never retried (it would synthesize and charge twice).
 */
function nginxConfig(dir: string, listenPort: number, upstreamPorts: readonly number[]): string {
  const proxied = (retry: string) => `
      proxy_pass http://consoles;
      proxy_set_header Host $http_host;
      proxy_buffering off;
      proxy_request_buffering off;
      proxy_connect_timeout 2s;
      proxy_next_upstream ${retry};
      proxy_next_upstream_tries 2;`;
  return `
worker_processes 1;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  log_format balancer '$upstream_addr $request_method $uri $status';
  access_log ${dir}/access.log balancer;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream consoles {
${upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=30s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${listenPort};
    location / {${proxied('error timeout')}
    }
    location = /api/textRemoval/taskStatus {${proxied('error timeout non_idempotent')}
    }
  }
}
`;
}

export type Balancer = { child: ChildProcess; dir: string; accessLog: () => string[]; stop: () => void };

export async function startNginx(listenPort: number, upstreamPorts: readonly number[]): Promise<Balancer> {
  const dir = mkdtempSync(join(tmpdir(), 'nginx-'));
  writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, listenPort, upstreamPorts));
  writeFileSync(join(dir, 'access.log'), '');
  const child = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', `daemon off; pid ${dir}/nginx.pid;`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr!.setEncoding('utf8').on('data', (c: string) => (errors += c));
  const deadline = Date.now() + 10_000;
  while (!(await acceptsConnections(listenPort))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start: ${errors}${readFileSync(join(dir, 'error.log'), 'utf8')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    dir,
    accessLog: () => readFileSync(join(dir, 'access.log'), 'utf8').split('\n').filter(Boolean),
    stop: () => void child.kill('SIGQUIT'),
  };
}
