import { createServer, type Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { closeWithConnections, listenOnLoopback } from '../testing/loopback-server';
import { gatewayAnswers } from './gateway-answers';

const servers: Server[] = [];
afterAll(async () => {
  await Promise.all(servers.map(closeWithConnections));
});

async function gatewayStub(answer: (res: import('node:http').ServerResponse) => void): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    answer(res);
  });
  servers.push(server);
  return `http://127.0.0.1:${await listenOnLoopback(server)}/api`;
}

describe('proxy mode: the gateway answers', () => {
  it('is ready when the gateway answers JSON, even a refusal', async () => {
    const url = await gatewayStub((res) => res.writeHead(401, { 'Content-Type': 'application/json' }).end('{"code":401}'));
    expect(await gatewayAnswers(url, 2_000)()).toBeNull();
  });

  it('is not ready when something else answers (a CDN error page)', async () => {
    const url = await gatewayStub((res) => res.writeHead(502, { 'Content-Type': 'text/html' }).end('<h1>Bad gateway</h1>'));
    expect(await gatewayAnswers(url, 2_000)()).toBe('the gateway answered HTTP 502 without JSON');
  });

  it('is not ready when nothing listens, and names no address', async () => {
    const server = createServer();
    const port = await listenOnLoopback(server);
    await closeWithConnections(server);
    const reason = await gatewayAnswers(`http://127.0.0.1:${port}/api`, 2_000)();
    expect(reason).toBe('the gateway is unreachable');
  });

  it('is not ready when the gateway does not answer within the timeout', async () => {
    const url = await gatewayStub(() => undefined); // never answers
    expect(await gatewayAnswers(url, 200)()).toBe('the gateway did not answer within 200 ms');
  });
});
