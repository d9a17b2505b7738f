import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, type OperationName } from '#contract';
import { createGatewayApp } from '../gateway/app';
import { makeTestGateway, type TestGateway } from '../testing/test-gateway';
import { embeddedInfo, proxyInfo } from '../console-info';
import { createGatewayProxy } from '../proxy/gateway-proxy';
import { createServerApp } from '../server-app';
import { API_CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY } from './security-headers';

type App = ReturnType<typeof createServerApp>;

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectCommonHeaders(res: Response, what: string) {
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('no-referrer');
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
  // No window of another origin keeps a handle on the console's, and no page of another origin
  // embeds its answers (audio, signed files, scripts) as no-cors subresources.
  expect(res.headers.get('cross-origin-opener-policy'), what).toBe('same-origin');
  expect(res.headers.get('cross-origin-resource-policy'), what).toBe('same-origin');
}

const named = async (what: string, res: Response | Promise<Response>): Promise<[string, Response]> => [what, await res];
/** A body per operation (a new one fails the typecheck here until it has one). */
const SAMPLE_BODY: Record<OperationName, unknown> = { taskStatus: { taskId: 'Service_AI_x' }, textToSpeech: { sourceText: 'hi' } };
const post = (app: App, path: string, body: unknown) =>
  app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-User-Id': '1001' }, body: JSON.stringify(body) });

describe('the Content-Security-Policy', () => {
  const csp = directives(CONTENT_SECURITY_POLICY);

  it('allows scripts and styles from this origin only: no inline, no eval (WebAssembly from this origin compiles)', () => {
    expect(csp.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY.replace("'wasm-unsafe-eval'", '')).not.toMatch(
      /unsafe-inline|unsafe-eval|unsafe-hashes|strict-dynamic|nonce-|sha256-/,
    );
  });

  it('cannot be framed, has no plugins, no <base>, forms post only here, workers only from here', () => {
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
  });

  it('requires Trusted Types for script sinks, with the one policy the console creates (worker script URLs)', () => {
    expect(csp.get('require-trusted-types-for')).toEqual(["'script'"]);
    expect(csp.get('trusted-types')).toEqual(['console-script-url']);
  });

  it('lets the console call and play from a gateway on another http(s) origin, nothing else', () => {
    expect(csp.get('connect-src')).toEqual(["'self'", 'http:', 'https:']);
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:', 'http:', 'https:']);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/\*|javascript:|filesystem:/);
  });
});

describe('security headers in production (embedded gateway)', () => {
  let gateway: TestGateway;
  let app: App;
  let dist: string;

  beforeAll(async () => {
    gateway = await makeTestGateway();
    dist = await mkdtemp(join(tmpdir(), 'console-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>x</title>');
    await writeFile(join(dist, 'assets', 'index-abc.js'), 'export {}');
    app = createServerApp({ api: createGatewayApp(gateway.deps), info: embeddedInfo(['dev-token']), distDir: dist });
  });
  afterAll(async () => {
    await gateway.deps.close();
    await rm(dist, { recursive: true, force: true });
    await rm(gateway.dataDir, { recursive: true, force: true });
  });

  it('on the console page, the SPA fallback, assets and a missing asset', async () => {
    for (const path of ['/', '/tasks', '/speech', '/settings?x=1', '/assets/index-abc.js', '/assets/gone.js']) {
      const res = await app.request(path);
      expect(res.headers.get('content-security-policy'), path).toBe(CONTENT_SECURITY_POLICY);
      expectCommonHeaders(res, path);
    }
  });

  it('on /api answers: success, failures, unknown paths, the console info', async () => {
    const answers: Array<[string, Response]> = [
      ['info', await app.request('/api/_console/info')],
      // Every operation of the contract, with a body each accepts (or refuses, for the token) and an empty one.
      ...(await Promise.all(
        (Object.keys(operations) as OperationName[]).flatMap((name) => [
          named(`${name} sample`, post(app, `/api${operations[name].path}`, SAMPLE_BODY[name])),
          named(`${name} empty`, post(app, `/api${operations[name].path}`, {})),
        ]),
      )),
      ['unknown', await app.request('/api/nope')],
      ['bad file link', await app.request('/api/files/audio/x.wav?u=1&sig=bad')],
    ];
    for (const [what, res] of answers) {
      // Before: the page's CSP, under which markup at /api would run scripts from 'self'.
      expect(res.headers.get('content-security-policy'), what).toBe(API_CONTENT_SECURITY_POLICY);
      expectCommonHeaders(res, what);
      expect(res.headers.get('content-type'), what).toMatch(/^application\/json/);
    }
  });
});

describe('security headers in proxy mode', () => {
  it('on answers the proxy relays and on those it makes itself', async () => {
    const upstream = async (input: RequestInfo | URL) =>
      String(input).endsWith('/a.wav')
        ? new Response('<script>pwned = 1</script>', { headers: { 'content-type': 'text/html', 'content-security-policy': '' } })
        : new Response('{"code":0,"message":"OK","data":{"targetAudioUrl":"/a.wav"}}', {
            headers: { 'content-type': 'application/json', 'x-frame-options': 'ALLOWALL' },
          });
    const api = createGatewayProxy({ gatewayUrl: 'http://upstream.invalid/api', fetch: upstream as typeof fetch });
    const app = createServerApp({ api, info: proxyInfo(), distDir: tmpdir() });
    const relayed = await post(app, '/api/textRemoval/taskStatus', { taskId: 'Service_AI_x' });
    expect(await relayed.json()).toMatchObject({ code: 0 });
    const spoken = (await (await post(app, '/api/speechSynthesis/textToSpeech', {})).json()) as {
      data: { consoleAudioTicket: { exp: number; sig: string } };
    };
    const { exp, sig } = spoken.data.consoleAudioTicket;
    const audio = await app.request(`/api/_console/audio?u=%2Fa.wav&exp=${exp}&sig=${sig}`);
    expect(audio.status).toBe(200);
    for (const res of [relayed, audio, await app.request('/api/elsewhere'), await app.request('/api/_console/info')]) {
      expect(res.headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY);
      expectCommonHeaders(res, res.url);
    }
  });
});

describe('in dev mode (Vite serves the page and its inline HMR preamble)', () => {
  // Before: no CSP on /api in dev mode. /api never serves Vite's page, so its sandbox CSP costs
  // the dev server nothing, and a gateway's markup is as dangerous there as in production.
  it("/api gets nosniff, the referrer policy and /api's sandbox CSP; other paths no CSP", async () => {
    const api = createGatewayProxy({ gatewayUrl: 'http://127.0.0.1:9/api' });
    const app = createServerApp({ api, info: proxyInfo() });
    for (const path of ['/api/_console/info', '/api/nope', '/api']) {
      const res = await app.request(path);
      expect(res.headers.get('content-security-policy'), path).toBe(API_CONTENT_SECURITY_POLICY);
      expectCommonHeaders(res, 'dev');
    }
    expect((await app.request('/apiary')).headers.get('content-security-policy')).toBeNull();
  });
});
