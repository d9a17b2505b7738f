import { createServer, request, Agent, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drainServer, isDraining, resetDrainingForTests, watchDraining } from './shutdown';

type Answer = { status: number; connection: string | undefined; body: string };

function get(port: number, agent: Agent, path = '/'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * A server whose /slow answers only when release() is called, /stream sends its head at once and
 * its end on release(); anything else is answered at once.
 */
async function slowServer() {
  let release = () => undefined as void;
  let arrived = () => undefined as void;
  const slowArrived = new Promise<void>((r) => (arrived = r));
  let nextSeen = () => undefined as void;
  const nextArrived = new Promise<void>((r) => (nextSeen = r));
  const server = createServer((req, res) => {
    if (req.url === '/slow' || req.url === '/stream') {
      if (req.url === '/stream') res.writeHead(200).write('stream ');
      arrived();
      release = () => void res.end('slow done');
    } else {
      if (req.url === '/next') nextSeen();
      res.end('quick');
    }
  });
  watchDraining(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: (server.address() as AddressInfo).port, slowArrived, nextArrived, release: () => release() };
}

const servers: Server[] = [];
afterEach(() => {
  resetDrainingForTests();
  for (const s of servers.splice(0)) s.closeAllConnections();
});

describe('graceful shutdown', () => {
  it('lets an in-flight request finish, closes its keep-alive socket, and refuses new connections', async () => {
    const { server, port, slowArrived, release } = await slowServer();
    servers.push(server);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(port, agent)).connection).toBe('keep-alive');
    const slow = get(port, agent, '/slow');
    await slowArrived;
    expect(isDraining()).toBe(false);
    const drained = drainServer(server, { graceMs: 5_000 });
    expect(isDraining()).toBe(true);
    await expect(get(port, new Agent())).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    release();
    expect(await slow).toEqual({ status: 200, connection: 'close', body: 'slow done' });
    await expect(drained).resolves.toBe('drained');
  });

  it('answers a request that arrives on an open keep-alive socket while draining with Connection: close', async () => {
    const { server, port, slowArrived, nextArrived, release } = await slowServer();
    servers.push(server);
    // One keep-alive socket, busy with an answer already under way (its head says keep-alive) when the
    // drain begins; the next request on it is sent after that.
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    const ended = new Promise<void>((r) => socket.on('close', () => r()));
    socket.write('GET /stream HTTP/1.1\r\nHost: x\r\n\r\n');
    await slowArrived;
    const drained = drainServer(server, { graceMs: 5_000 });
    socket.write('GET /next HTTP/1.1\r\nHost: x\r\n\r\n');
    await nextArrived;
    release();
    await ended;
    const answers = text.split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toMatch(/keep-alive[\s\S]*stream [\s\S]*slow done/i);
    expect(answers[1]).toMatch(/^HTTP\/1\.1 200/);
    expect(answers[1]).toMatch(/\r\nConnection: close\r\n/i);
    expect(answers[1]).toMatch(/quick$/);
    await expect(drained).resolves.toBe('drained');
  });

  it('cuts what is still running when the grace is over, and then resolves', async () => {
    const { server, port, slowArrived } = await slowServer();
    servers.push(server);
    const slow = get(port, new Agent(), '/slow').catch((e: unknown) => e);
    await slowArrived;
    await expect(drainServer(server, { graceMs: 200 })).resolves.toBe('cut');
    expect(await slow).toMatchObject({ code: 'ECONNRESET' });
  });
});
