import { describe, expect, it } from 'vitest';
import { gatewayUrlSchema } from './connection-profile';

const error = (value: string) => {
  const result = gatewayUrlSchema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('gatewayUrlSchema', () => {
  it.each(['/api', 'https://gw.example/api', 'http://127.0.0.1:8080/api', ' https://gw.example/api '])('accepts %j', (value) => {
    expect(error(value)).toBeNull();
  });

  it.each([
    ['', 'Gateway URL is required'],
    ['gw.example/api', 'Use /api (this server) or an absolute http(s):// URL'],
    ['javascript:alert(1)', 'Use /api (this server) or an absolute http(s):// URL'],
    ['//gw.example/api', 'A URL starting with // is ambiguous: write http:// or https://'],
    ['https://gw.example/api?token=x', 'The gateway URL must not carry a query string or fragment (tokens never go in URLs)'],
    ['https://user:secret@gw.example/api', 'The gateway URL must not carry a user name or password: put the token in the Token field'],
    ['https://secret@gw.example/api', 'The gateway URL must not carry a user name or password: put the token in the Token field'],
  ])('refuses %j with a specific message', (value, message) => {
    expect(error(value)).toBe(message);
  });

  it('accepts an @ in the path, which is not a password', () => {
    expect(error('https://gw.example/api/@team')).toBeNull();
  });
});
