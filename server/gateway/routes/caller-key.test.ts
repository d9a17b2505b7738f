import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { callerKey } from './caller-key';

const app = new Hono().get('/', (c) => c.text(callerKey(c)));
const keyOf = async (headers: Record<string, string> = {}, env?: unknown) => (await app.request('/', { headers }, env)).text();

describe('caller key', () => {
  it('is a hash of the bearer token: the same for the same token, never the token itself', async () => {
    const a = await keyOf({ Authorization: 'Bearer secret-token-a' });
    expect(a).toMatch(/^token:[A-Za-z0-9_-]{22}$/);
    expect(a).not.toContain('secret-token-a');
    expect(await keyOf({ Authorization: 'bearer secret-token-a ' })).toBe(a);
    expect(await keyOf({ Authorization: 'Bearer secret-token-b' })).not.toBe(a);
  });

  it('is the connection address when there is no token', async () => {
    expect(await keyOf({}, { incoming: { socket: { remoteAddress: '10.1.2.3' } } })).toBe('address:10.1.2.3');
    expect(await keyOf({ Authorization: 'Basic abc' })).toBe('address:unknown');
  });
});
