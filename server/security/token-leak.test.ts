import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, type OperationName } from '#contract';
import { makeStubDist } from '../testing/crash-safety/real-server';
import { runServerToExit, spawnServer, type SpawnedServer } from '../testing/spawn-server';

// Distinctive values: if any of them shows up in a log line or an answer, it leaked.
const SECRET = `tok-LEAKCHECK-${process.pid}-${Date.now()}`;
const WRONG = `wrong-LEAKCHECK-${process.pid}`;
const URL_PASSWORD = `pw-LEAKCHECK-${process.pid}`;
const MARKER = /LEAKCHECK/;

type Answer = { what: string; status: number; text: string; headers: string };

async function call(base: string, what: string, path: string, init: { auth?: string; body?: string; userId?: string }): Promise<Answer> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json;charset=UTF-8',
    Accept: 'application/json;charset=UTF-8',
    'X-User-Id': init.userId ?? '4242',
  };
  if (init.auth !== undefined) headers.Authorization = init.auth;
  const res = await fetch(`${base}${path}`, { method: 'POST', headers, body: init.body ?? '{}' });
  return { what, status: res.status, text: await res.text(), headers: JSON.stringify([...res.headers]) };
}

/** A well-formed body and one with bad fields, per operation: a new operation fails the typecheck here until it has both. */
const SAMPLE_BODIES: Record<OperationName, { valid: string; badFields: string }> = {
  taskStatus: { valid: JSON.stringify({ taskIds: ['Service_AI_a', 'Service_AI_b'] }), badFields: JSON.stringify({ taskIds: 'x' }) },
  textToSpeech: {
    valid: JSON.stringify({ sourceText: 'Token check.', voiceName: 'en-us' }),
    badFields: JSON.stringify({ sourceText: '', speedFactor: 'x' }),
  },
};

/** Valid and invalid tokens in every place a client might put them, on every operation of the contract. */
async function exercise(base: string): Promise<Answer[]> {
  const names = Object.keys(operations) as OperationName[];
  return Promise.all(
    names.flatMap((name) => {
      const path = `/api${operations[name].path}`;
      const { valid, badFields } = SAMPLE_BODIES[name];
      return [
        call(base, `${name}, valid token`, path, { auth: `Bearer ${SECRET}`, body: valid }),
        call(base, `${name}, wrong token`, path, { auth: `Bearer ${WRONG}`, body: valid }),
        call(base, `${name}, token without Bearer`, path, { auth: SECRET, body: valid }),
        call(base, `${name}, no token`, path, { body: valid }),
        call(base, `${name}, bad body`, path, { auth: `Bearer ${SECRET}`, body: '{"taskId": [1,' }),
        call(base, `${name}, bad fields`, path, { auth: `Bearer ${SECRET}`, body: badFields }),
        call(base, `${name}, bad user`, path, { auth: `Bearer ${SECRET}`, userId: 'x', body: valid }),
      ];
    }),
  );
}

function expectNoLeak(answers: Answer[], output: string, where: string) {
  for (const a of answers) {
    expect(a.text, `${where}: ${a.what} body`).not.toMatch(MARKER);
    expect(a.headers, `${where}: ${a.what} headers`).not.toMatch(MARKER);
  }
  expect(output, `${where}: server output`).not.toMatch(MARKER);
}

/** An upstream that drops the connection on one operation and answers an HTML 500 on the other. */
function erroringUpstream(): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.url?.includes('taskStatus')) return void req.socket.destroy();
    res.writeHead(500, { 'Content-Type': 'text/html' }).end('<html><body>Internal error</body></html>');
  });
  return new Promise((ready) => server.listen(0, '127.0.0.1', () => ready(server)));
}

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((ready) => probe.listen(0, '127.0.0.1', () => ready()));
  const { port } = probe.address() as AddressInfo;
  await new Promise((done) => probe.close(done));
  return port;
}

describe('the token never appears in logs or answers of the real server', () => {
  let work: string;
  let dist: string;
  let embedded: SpawnedServer;
  const started: SpawnedServer[] = [];

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'token-leak-'));
    dist = await makeStubDist(join(work, 'dist'));
    // The first token is the public dev token the console is offered; the secret is the second.
    embedded = await spawnServer({
      DATA_DIR: join(work, 'data'),
      DIST_DIR: dist,
      GATEWAY_TOKENS: `dev-token,${SECRET}`,
      STATUS_AUTH: 'required',
      // The access log on, as in production: its lines must not carry the token either.
      ACCESS_LOG: 'json',
      // The subject is the token, not the voice: the stand-in answers the synthesis the same way.
      SPEECH_ENGINE: 'stand-in',
    });
    started.push(embedded);
  }, 30_000);

  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop()));
    await rm(work, { recursive: true, force: true });
  });

  it('embedded gateway: valid and invalid tokens on both operations', async () => {
    const answers = await exercise(embedded.url);
    const byWhat = new Map(answers.map((a) => [a.what, a]));
    expect(JSON.parse(byWhat.get('taskStatus, valid token')!.text)).toMatchObject({ code: 0 });
    expect(JSON.parse(byWhat.get('textToSpeech, valid token')!.text)).toMatchObject({ code: 0 });
    expect(JSON.parse(byWhat.get('textToSpeech, wrong token')!.text)).toMatchObject({ code: 401 });
    expect(embedded.output()).toMatch(/embedded gateway at \/api/);
    expectNoLeak(answers, embedded.output(), 'embedded');
  }, 30_000);

  it('proxy to the embedded gateway, with a password in GATEWAY_URL', async () => {
    const upstream = new URL(embedded.url);
    const proxy = await spawnServer({
      DIST_DIR: dist,
      GATEWAY_URL: `http://operator:${URL_PASSWORD}@${upstream.host}/api`,
      ACCESS_LOG: 'json',
    });
    started.push(proxy);
    const answers = await exercise(proxy.url);
    expect(JSON.parse(answers[0]!.text)).toMatchObject({ code: 0 });
    expect(proxy.output()).toMatch(/proxying \/api to http:\/\/127\.0\.0\.1:\d+\/api/);
    expectNoLeak(answers, await proxy.stop(), 'proxy');
  }, 30_000);

  it('proxy to an unreachable upstream and to one that drops connections or answers HTML 500', async () => {
    const bad = await erroringUpstream();
    try {
      const targets = [
        `http://operator:${URL_PASSWORD}@127.0.0.1:${await closedPort()}/api`,
        `http://127.0.0.1:${(bad.address() as AddressInfo).port}/api`,
      ];
      for (const target of targets) {
        const proxy = await spawnServer({ DIST_DIR: dist, GATEWAY_URL: target });
        started.push(proxy);
        const answers = await exercise(proxy.url);
        expect(answers.filter((a) => a.status === 502).length, target).toBeGreaterThan(0);
        expectNoLeak(answers, await proxy.stop(), `proxy to ${target}`);
      }
    } finally {
      await new Promise((done) => bad.close(done));
    }
  }, 40_000);

  it('a refused configuration names the bad setting, not the secret in it', async () => {
    const { code, output } = await runServerToExit({ DIST_DIR: dist, GATEWAY_URL: `ftp://operator:${URL_PASSWORD}@example.invalid/api` });
    expect(code).toBe(1);
    expect(output).toMatch(/GATEWAY_URL/);
    expect(output).not.toMatch(MARKER);
  }, 20_000);

  it('the embedded server logs nothing with the token when it shuts down', async () => {
    const output = await embedded.stop();
    expect(output).toMatch(/SIGTERM: shutting down/);
    expect(output).not.toMatch(MARKER);
  }, 20_000);
});
