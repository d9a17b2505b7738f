import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('server configuration', () => {
  it('has defaults for a newcomer: embedded gateway on 127.0.0.1:8080 with a dev token', () => {
    expect(loadConfig({})).toEqual({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: '.data',
      DIST_DIR: 'dist',
      GATEWAY_TOKENS: ['dev-token'],
      STATUS_AUTH: 'optional',
      GATEWAY_URL: undefined,
    });
  });

  it('reads tokens as a list and GATEWAY_URL without a trailing slash', () => {
    const config = loadConfig({ GATEWAY_TOKENS: ' a, b ,,', GATEWAY_URL: 'https://gw.example/api/ ', PORT: '0' });
    expect(config.GATEWAY_TOKENS).toEqual(['a', 'b']);
    expect(config.GATEWAY_URL).toBe('https://gw.example/api');
    expect(config.PORT).toBe(0);
  });

  it('treats an empty GATEWAY_URL as unset (embedded mode)', () => {
    expect(loadConfig({ GATEWAY_URL: '' }).GATEWAY_URL).toBeUndefined();
  });

  it('lists every bad value at once', () => {
    const bad = { PORT: 'abc', STATUS_AUTH: 'sometimes', GATEWAY_URL: 'ftp://gw.example', GATEWAY_TOKENS: ' , ' };
    expect(() => loadConfig(bad)).toThrow(/PORT[\s\S]*GATEWAY_TOKENS[\s\S]*STATUS_AUTH[\s\S]*GATEWAY_URL/);
  });
});
