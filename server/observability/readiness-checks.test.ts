import { createServer, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'libsql';
import { afterAll, describe, expect, it } from 'vitest';
import { DATABASE_FILE, openGatewayDatabase } from '../gateway/storage/gateway-database';
import { closeWithConnections, listenOnLoopback } from '../testing/loopback-server';
import { databaseWritable, gatewayAnswers } from './readiness-checks';

const servers: Server[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(servers.map(closeWithConnections));
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
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

describe('embedded mode: the database is writable', () => {
  it('is ready when a committed write goes through', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'readyz-'));
    dirs.push(dir);
    const database = await openGatewayDatabase(dir);
    expect(databaseWritable(database.db)()).toBeNull();
    expect(databaseWritable(database.db)()).toBeNull();
    database.close();
  });

  it('is not ready on a read-only database, and after it closed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'readyz-'));
    dirs.push(dir);
    (await openGatewayDatabase(dir)).close();
    // query_only: SQLite refuses every write (SQLITE_READONLY), as on a read-only mount (root ignores file modes).
    const readOnly = new Database(join(dir, DATABASE_FILE));
    readOnly.pragma('query_only = ON');
    expect(databaseWritable(readOnly)()).toMatch(/^the database is not writable/);
    readOnly.close();
    expect(databaseWritable(readOnly)()).toMatch(/^the database is not writable/);
  });
});
