import { createServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { applyConnectionLimits, serverOptions, type ConnectionLimits } from './http-server-limits';
import { createRequestListener } from './request-listener';
import { closeWithConnections, listenOnLoopback } from './testing/loopback-server';
import { answerOn, closed, promptRequest, silentConnection } from './testing/raw-connections';

/** Small numbers; every timeout long enough that nothing expires during a test unless it says so. */
const LIMITS: ConnectionLimits = {
  headersTimeoutSeconds: 30,
  requestTimeoutSeconds: 60,
  keepAliveTimeoutSeconds: 30,
  maxConnections: 8,
  maxRequestsPerSocket: 100,
  stalledResponseTimeoutSeconds: 60,
  maxUnprovenConnections: 5,
  maxUnprovenPerAddress: 4,
  firstRequestTimeoutSeconds: 30,
};
const GET_AND_CLOSE = 'GET /ok HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n';
const OK = /^HTTP\/1\.1 200 /;

let server: Server | undefined;
/** Requests whose handler has started (their head is in). */
let started = 0;
let release: () => void = () => undefined;
afterEach(async () => {
  release();
  if (server) await closeWithConnections(server);
  server = undefined;
});

async function start(limits: ConnectionLimits = LIMITS): Promise<number> {
  started = 0;
  const gate = new Promise<void>((open) => (release = open));
  const app = new Hono()
    .get('/ok', (c) => c.text('ok'))
    .get('/hold', async (c) => {
      started += 1;
      await gate;
      return c.text('ok');
    })
    .post('/echo', async (c) => {
      started += 1;
      // The uploads a test leaves unfinished are cut when it ends.
      return c.text(await c.req.text().catch(() => ''));
    });
  server = createServer(serverOptions(limits), createRequestListener(app.fetch));
  applyConnectionLimits(server, limits);
  return listenOnLoopback(server);
}

/** A keep-alive connection that has had one request answered and now sits idle. */
function idleKeepAlive(port: number): Promise<Socket> {
  return new Promise((ok) => {
    const socket = connect(port, '127.0.0.1', () => socket.write('GET /ok HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
    let text = '';
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.endsWith('\r\n\r\nok')) ok(socket);
    });
  });
}

/**
 * Holds `count` silent connections from 127.0.0.1 and opens a new one, one every `everyMs`, for each
 * the server closes: the attacker, small.
 */
function silentFlood(port: number, count: number, everyMs: number) {
  const held = new Set<Socket>();
  let waiting = 0;
  let stopped = false;
  let closedOne: () => void = () => undefined;
  const serverClosedOne = new Promise<void>((resolve) => (closedOne = resolve));
  const open = async () => {
    const socket = await silentConnection(port);
    held.add(socket);
    socket.once('close', () => {
      held.delete(socket);
      if (stopped) return;
      waiting += 1;
      closedOne();
    });
    return socket;
  };
  const renew = setInterval(() => {
    if (waiting === 0) return;
    waiting -= 1;
    void open().catch(() => (waiting += 1));
  }, everyMs);
  return {
    ready: Promise.all(Array.from({ length: count }, open)),
    /** Settles when the server has closed one of the silent connections (to make room). */
    serverClosedOne,
    stop() {
      stopped = true;
      clearInterval(renew);
      held.forEach((s) => s.destroy());
    },
  };
}

describe('connection admission', () => {
  it('serves a client that sends its request promptly while cap-many silent connections from its own address are held and renewed', async () => {
    const port = await start();
    const flood = silentFlood(port, LIMITS.maxConnections, 50);
    await flood.ready;
    for (let probe = 0; probe < 5; probe++) expect(await promptRequest(port, GET_AND_CLOSE)).toMatch(OK);
    // The server made room by closing silent connections (the flood renews each one it sees closed;
    // the close can reach the client after the probes were answered, so it is awaited, not counted).
    await flood.serverClosedOne;
    flood.stop();
  });

  it('keeps at most maxUnprovenPerAddress silent connections from one address, closing its oldest first', async () => {
    const port = await start();
    const mine: Socket[] = [];
    for (let i = 0; i < 6; i++) mine.push(await silentConnection(port, '127.0.0.2'));
    await Promise.all([closed(mine[0]!), closed(mine[1]!)]);
    for (const socket of mine.slice(2)) expect(await answerOn(socket, GET_AND_CLOSE)).toMatch(OK);
  });

  it('keeps at most maxUnprovenConnections silent connections in all, closing the oldest of any address', async () => {
    const port = await start();
    const held: Socket[] = [];
    for (const address of ['127.0.0.2', '127.0.0.3', '127.0.0.4']) {
      held.push(await silentConnection(port, address), await silentConnection(port, address));
    }
    await closed(held[0]!);
    for (const socket of held.slice(1)) expect(await answerOn(socket, GET_AND_CLOSE)).toMatch(OK);
  });

  it('answers a silent connection with a 408 envelope after the first-request timeout', async () => {
    const port = await start({ ...LIMITS, firstRequestTimeoutSeconds: 0.2 });
    const answer = await answerOn(await silentConnection(port), '');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain("Content-Security-Policy: sandbox; default-src 'none'");
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 408, data: null });
  });

  it('does not hold a keep-alive connection idle between requests to the first-request timeout', async () => {
    const port = await start({ ...LIMITS, firstRequestTimeoutSeconds: 0.2 });
    const kept = await idleKeepAlive(port);
    // A silent connection opened after the kept one's request is cut first: its timeout has passed for the kept one too.
    expect(await answerOn(await silentConnection(port), '')).toMatch(/^HTTP\/1\.1 408 /);
    expect(await answerOn(kept, GET_AND_CLOSE)).toMatch(OK);
  });

  it('at the total cap, closes the oldest silent connection, then the longest-idle keep-alive one, for a newcomer', async () => {
    const port = await start();
    const silent = [await silentConnection(port), await silentConnection(port)];
    const idle: Socket[] = [];
    for (let i = 0; i < 6; i++) idle.push(await idleKeepAlive(port));
    // Full (8). Each newcomer stays open, idle, after its answer.
    await idleKeepAlive(port);
    console.log('opened');
    await closed(silent[0]!);
    console.log('closed');
    await idleKeepAlive(port);
    await closed(silent[1]!);
    await idleKeepAlive(port);
    await closed(idle[0]!);
    for (const socket of idle.slice(1)) expect(await answerOn(socket, GET_AND_CLOSE)).toMatch(OK);
  });

  it('at the total cap, closes the connection whose request body has been arriving longest for a newcomer', async () => {
    const port = await start();
    const uploads: Socket[] = [];
    for (let i = 0; i < LIMITS.maxConnections; i++) {
      const socket = await silentConnection(port);
      socket.write('POST /echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\nonly part');
      uploads.push(socket);
    }
    await expect.poll(() => started).toBe(LIMITS.maxConnections);
    expect(await promptRequest(port, GET_AND_CLOSE)).toMatch(OK);
    await closed(uploads[0]!);
  });

  it('refuses a newcomer when every slot holds a request under way, and finishes those requests', async () => {
    const port = await start();
    const busy = Array.from({ length: LIMITS.maxConnections }, () =>
      silentConnection(port).then((s) => answerOn(s, 'GET /hold HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')),
    );
    await expect.poll(() => started).toBe(LIMITS.maxConnections);
    expect(await promptRequest(port, GET_AND_CLOSE)).toBe('');
    release();
    for (const answer of await Promise.all(busy)) expect(answer).toMatch(OK);
  });

  it('counts an upgraded connection as proven: silent newcomers from its address do not close it', async () => {
    const port = await start();
    // Taken upgrades are set up after the limits, as the dev server's HMR may be.
    server!.on('upgrade', (_req, socket: Socket) => {
      socket.write('HTTP/1.1 101 Switching Protocols\r\nConnection: Upgrade\r\nUpgrade: echo\r\n\r\n');
      socket.on('data', (chunk) => socket.write(chunk)).on('end', () => socket.end());
    });
    const upgraded = await silentConnection(port);
    const upgrade = 'GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: echo\r\n\r\n';
    const switched = await new Promise<string>((ok) => upgraded.once('data', (chunk: Buffer) => ok(chunk.toString())).write(upgrade));
    expect(switched).toMatch(/^HTTP\/1\.1 101 /);
    const silent: Socket[] = [];
    for (let i = 0; i <= LIMITS.maxUnprovenPerAddress; i++) silent.push(await silentConnection(port));
    await closed(silent[0]!);
    const echoed = await new Promise<string>((ok) => upgraded.once('data', (chunk: Buffer) => ok(chunk.toString())).write('ping'));
    expect(echoed).toBe('ping');
    // Upgraded sockets are the taker's: closeAllConnections leaves them.
    upgraded.destroy();
  });
});
