import { describe, expect, it } from 'vitest';
import { connectionScopeKey } from './connection';

const connection = (userId: string, token: string) => ({ gatewayUrl: '/api', token, userId, channel: '', appSource: '' });

describe('connectionScopeKey', () => {
  it('tells gateways and users apart, and never holds the token', () => {
    const a = connectionScopeKey(connection('1001', 'secret-a'));
    expect(a).toBe(connectionScopeKey(connection('1001', 'secret-b')));
    expect(a).not.toBe(connectionScopeKey(connection('1002', 'secret-a')));
    expect(a).not.toBe(connectionScopeKey({ ...connection('1001', 'secret-a'), gatewayUrl: 'https://gw.example' }));
    expect(a).not.toContain('secret');
  });
});
