import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

/** A secret as `openssl rand -hex 32` makes one. */
const SECRET = randomBytes(32).toString('hex');

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
      PROXY_UPSTREAM_CLIENT: 'http',
      ALLOWED_HOSTS: [],
      PUBLIC_URL: undefined,
      AUDIO_ORIGINS: [],
      TASKS_MAX_PER_USER: 100_000,
      TASKS_MAX_TOTAL: 1_000_000,
      TASK_RETENTION_HOURS: 168,
      AUDIO_MAX_AGE_HOURS: 168,
      AUDIO_MAX_TOTAL_MB: 2048,
      SPEECH_QUEUE_PER_USER: 2,
      SPEECH_QUEUE_TOTAL: 8,
      SPEECH_MAX_OUTPUT_SECONDS: 600,
      HEADERS_TIMEOUT_SECONDS: 10,
      REQUEST_TIMEOUT_SECONDS: 30,
      KEEP_ALIVE_TIMEOUT_SECONDS: 5,
      MAX_CONNECTIONS: 1000,
      MAX_UNPROVEN_CONNECTIONS: undefined,
      MAX_UNPROVEN_PER_ADDRESS: 50,
      FIRST_REQUEST_TIMEOUT_SECONDS: 5,
      MAX_REQUESTS_PER_SOCKET: 1000,
      STALLED_RESPONSE_TIMEOUT_SECONDS: 60,
      METRICS_TOKEN: undefined,
      ACCESS_LOG: 'json',
      CONSOLE_SECRET: undefined,
      AUDIO_RELAY_TICKET_HOURS: 168,
      SHUTDOWN_GRACE_SECONDS: 10,
      SPEECH_ENGINE: 'espeak-ng',
      SPEECH_STAND_IN_SENTENCE_MS: 0,
    });
  });

  it('speaks with espeak-ng unless SPEECH_ENGINE names the stand-in, a test aid refused in production', () => {
    expect(loadConfig({ SPEECH_ENGINE: 'stand-in' }).SPEECH_ENGINE).toBe('stand-in');
    expect(loadConfig({ SPEECH_ENGINE: 'espeak-ng', NODE_ENV: 'production' }).SPEECH_ENGINE).toBe('espeak-ng');
    expect(() => loadConfig({ SPEECH_ENGINE: 'espeak' })).toThrow(/SPEECH_ENGINE: .*"espeak-ng"\|"stand-in"/);
    expect(() => loadConfig({ SPEECH_ENGINE: 'stand-in', NODE_ENV: 'production', PORT: 'x' })).toThrow(
      /PORT[\s\S]*SPEECH_ENGINE: the stand-in engine is a test aid \(it makes no speech\); not with NODE_ENV=production/,
    );
  });

  it('paces the stand-in only: SPEECH_STAND_IN_SENTENCE_MS is a whole number, refused with the real engine', () => {
    expect(loadConfig({ SPEECH_ENGINE: 'stand-in', SPEECH_STAND_IN_SENTENCE_MS: '20' }).SPEECH_STAND_IN_SENTENCE_MS).toBe(20);
    expect(() => loadConfig({ SPEECH_ENGINE: 'stand-in', SPEECH_STAND_IN_SENTENCE_MS: '-1' })).toThrow(/SPEECH_STAND_IN_SENTENCE_MS/);
    expect(() => loadConfig({ SPEECH_STAND_IN_SENTENCE_MS: '20' })).toThrow(
      /SPEECH_STAND_IN_SENTENCE_MS: paces the stand-in engine only \(SPEECH_ENGINE=stand-in\)/,
    );
  });

  it('keeps /metrics off without a token, refuses a short or empty one, and quiets the access log under tests', () => {
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-scrape-token' }).METRICS_TOKEN).toBe('a-long-enough-scrape-token');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: .*at least 16/);
    expect(() => loadConfig({ METRICS_TOKEN: '' })).toThrow(/METRICS_TOKEN: is set but empty/);
    expect(() => loadConfig({ METRICS_TOKEN: 'has a space in it, sixteen+' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ NODE_ENV: 'test' }).ACCESS_LOG).toBe('off');
    expect(loadConfig({ NODE_ENV: 'test', ACCESS_LOG: 'json' }).ACCESS_LOG).toBe('json');
    expect(loadConfig({ ACCESS_LOG: 'off' }).ACCESS_LOG).toBe('off');
    expect(() => loadConfig({ ACCESS_LOG: 'yes' })).toThrow(/ACCESS_LOG/);
    expect(loadConfig({ PROXY_UPSTREAM_CLIENT: 'fetch' }).PROXY_UPSTREAM_CLIENT).toBe('fetch');
    expect(() => loadConfig({ PROXY_UPSTREAM_CLIENT: 'curl' })).toThrow(/PROXY_UPSTREAM_CLIENT/);
  });

  it('reads CONSOLE_SECRET (at least 32 characters), the ticket lifetime and the shutdown grace', () => {
    const config = loadConfig({ CONSOLE_SECRET: ` ${SECRET} `, AUDIO_RELAY_TICKET_HOURS: '24', SHUTDOWN_GRACE_SECONDS: '3' });
    expect(config.CONSOLE_SECRET).toBe(SECRET);
    expect(config.AUDIO_RELAY_TICKET_HOURS).toBe(24);
    expect(config.SHUTDOWN_GRACE_SECONDS).toBe(3);
    expect(loadConfig({ CONSOLE_SECRET: '' }).CONSOLE_SECRET).toBeUndefined();
    expect(() => loadConfig({ CONSOLE_SECRET: 'short', SHUTDOWN_GRACE_SECONDS: '0' })).toThrow(
      /CONSOLE_SECRET: must be at least 32 characters[\s\S]*SHUTDOWN_GRACE_SECONDS/,
    );
    // The secret itself is never part of the message.
    const message = (() => {
      try {
        loadConfig({ CONSOLE_SECRET: 'hunter2-secret' });
        return '';
      } catch (err) {
        return String(err);
      }
    })();
    expect(message).toMatch(/CONSOLE_SECRET/);
    expect(message).not.toMatch(/hunter2/);
  });

  it('refuses a plainly weak CONSOLE_SECRET and says how to make one; a random one passes', () => {
    const refusal = (secret: string) => {
      try {
        loadConfig({ CONSOLE_SECRET: secret });
        return '';
      } catch (err) {
        return String(err);
      }
    };
    for (const [secret, why] of [
      [' '.repeat(40), /CONSOLE_SECRET: is only whitespace/],
      ['z'.repeat(32), /CONSOLE_SECRET: is one short piece repeated/],
      ['Summer2024!'.repeat(3), /CONSOLE_SECRET: is one short piece repeated/],
      ['abcdefghijklmnopqrstuvwxyzABCDEF', /CONSOLE_SECRET: has too little variety/],
      [`${'a'.repeat(31)}b`, /CONSOLE_SECRET: has too little variety/],
    ] as const) {
      const message = refusal(secret);
      expect(message, JSON.stringify(secret)).toMatch(why);
      expect(message).toContain('openssl rand -hex 32');
      expect(message).toContain("randomBytes(32).toString('hex')");
      if (secret.trim() !== '') expect(message).not.toContain(secret);
    }
    for (const secret of [randomBytes(32).toString('hex'), randomBytes(16).toString('hex'), randomBytes(32).toString('base64url')])
      expect(loadConfig({ CONSOLE_SECRET: secret }).CONSOLE_SECRET).toBe(secret);
  });

  it('reads bounds, hosts and the public origin', () => {
    const config = loadConfig({
      ALLOWED_HOSTS: 'Console.Example, 10.0.0.5',
      PUBLIC_URL: 'https://console.example/',
      SPEECH_QUEUE_TOTAL: '20',
    });
    expect(config.ALLOWED_HOSTS).toEqual(['console.example', '10.0.0.5']);
    expect(config.PUBLIC_URL).toBe('https://console.example');
    expect(config.SPEECH_QUEUE_TOTAL).toBe(20);
  });

  it('lists every bad bound at once, and bounds that contradict each other', () => {
    const bad = {
      TASKS_MAX_TOTAL: '0',
      SPEECH_QUEUE_PER_USER: '1.5',
      HEADERS_TIMEOUT_SECONDS: 'soon',
      PUBLIC_URL: 'https://x.example/path',
    };
    expect(() => loadConfig(bad)).toThrow(/PUBLIC_URL[\s\S]*TASKS_MAX_TOTAL[\s\S]*SPEECH_QUEUE_PER_USER[\s\S]*HEADERS_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ SPEECH_QUEUE_PER_USER: '9', SPEECH_QUEUE_TOTAL: '8', HEADERS_TIMEOUT_SECONDS: '60' })).toThrow(
      /SPEECH_QUEUE_PER_USER: must not exceed SPEECH_QUEUE_TOTAL[\s\S]*HEADERS_TIMEOUT_SECONDS: must not exceed REQUEST_TIMEOUT_SECONDS/,
    );
    expect(() => loadConfig({ HEADERS_TIMEOUT_SECONDS: '20', STALLED_RESPONSE_TIMEOUT_SECONDS: '15' })).toThrow(
      /HEADERS_TIMEOUT_SECONDS: must not exceed STALLED_RESPONSE_TIMEOUT_SECONDS/,
    );
    // A contradiction is listed with the other bad values, not only once they are fixed.
    expect(() => loadConfig({ SPEECH_QUEUE_PER_CALLER: '12', SPEECH_QUEUE_TOTAL: '8' })).toThrow(
      /SPEECH_QUEUE_PER_CALLER: must not exceed SPEECH_QUEUE_TOTAL/,
    );
    expect(() => loadConfig({ SPEECH_QUEUE_PER_CALLER: '' })).toThrow(/SPEECH_QUEUE_PER_CALLER: is set but empty/);
    expect(loadConfig({ SPEECH_QUEUE_PER_CALLER: '3' }).SPEECH_QUEUE_PER_CALLER).toBe(3);
    expect(() => loadConfig({ TASKS_MAX_TOTAL: '0', SPEECH_QUEUE_PER_USER: '9' })).toThrow(
      /TASKS_MAX_TOTAL: Too small[\s\S]*SPEECH_QUEUE_PER_USER: must not exceed SPEECH_QUEUE_TOTAL/,
    );
  });

  it('reads tokens as a list and GATEWAY_URL without a trailing slash', () => {
    const config = loadConfig({ GATEWAY_TOKENS: ' a, b ,,', GATEWAY_URL: 'https://gw.example/api/ ', PORT: '0' });
    expect(config.GATEWAY_TOKENS).toEqual(['a', 'b']);
    expect(config.GATEWAY_URL).toBe('https://gw.example/api');
    expect(config.PORT).toBe(0);
  });

  it('reads AUDIO_ORIGINS as a list of origins, written as URL writes them', () => {
    expect(loadConfig({ AUDIO_ORIGINS: ' https://Files.Example , http://cdn.example:8080/,,https://a.example:443' }).AUDIO_ORIGINS).toEqual(
      ['https://files.example', 'http://cdn.example:8080', 'https://a.example'],
    );
  });

  it('lists every AUDIO_ORIGINS entry that is not an http(s) origin, or is loopback or link-local', () => {
    const bad = [
      'ftp://files.example',
      'https://files.example/audio',
      'https://files.example/?x=1',
      'https://user:pw@files.example',
      'files.example',
      'http://127.0.0.1:9000',
      'http://localhost:9000',
      'http://169.254.169.254',
      'http://[fe80::1]',
      'http://[::1]:9000',
    ];
    let message = '';
    try {
      loadConfig({ AUDIO_ORIGINS: ['https://good.example', ...bad].join(','), PORT: 'x' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/PORT/);
    for (const entry of bad) expect(message).toContain(`AUDIO_ORIGINS: ${entry}: `);
    expect(message).not.toContain('good.example');
    expect(message).toMatch(/AUDIO_ORIGINS: http:\/\/127\.0\.0\.1:9000: is loopback or link-local/);
    expect(message).toMatch(/AUDIO_ORIGINS: https:\/\/files\.example\/audio: must be an http\(s\) origin/);
  });

  it('treats an empty GATEWAY_URL as unset (embedded mode)', () => {
    expect(loadConfig({ GATEWAY_URL: '' }).GATEWAY_URL).toBeUndefined();
  });

  it('refuses a number variable set but empty by name, where coercing it would give 0 (PORT 0: any free port)', () => {
    expect(() => loadConfig({ PORT: '' })).toThrow(/PORT: is set but empty: unset it for the default \(8080\)/);
    expect(() => loadConfig({ MAX_CONNECTIONS: ' ' })).toThrow(/MAX_CONNECTIONS: is set but empty/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT: Too big/);
    expect(loadConfig({}).PORT).toBe(8080);
  });

  it('reads the admission bounds and refuses bad ones by name, with the unproven cap at most MAX_CONNECTIONS', () => {
    const config = loadConfig({ MAX_UNPROVEN_CONNECTIONS: '300', MAX_UNPROVEN_PER_ADDRESS: '20', FIRST_REQUEST_TIMEOUT_SECONDS: '3' });
    expect(config).toMatchObject({ MAX_UNPROVEN_CONNECTIONS: 300, MAX_UNPROVEN_PER_ADDRESS: 20, FIRST_REQUEST_TIMEOUT_SECONDS: 3 });
    expect(() =>
      loadConfig({ MAX_UNPROVEN_CONNECTIONS: '', MAX_UNPROVEN_PER_ADDRESS: '0', FIRST_REQUEST_TIMEOUT_SECONDS: 'soon' }),
    ).toThrow(/MAX_UNPROVEN_CONNECTIONS: is set but empty[\s\S]*MAX_UNPROVEN_PER_ADDRESS: Too small[\s\S]*FIRST_REQUEST_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ MAX_CONNECTIONS: '100', MAX_UNPROVEN_CONNECTIONS: '101' })).toThrow(
      /MAX_UNPROVEN_CONNECTIONS: must not exceed MAX_CONNECTIONS/,
    );
  });

  it('lists every bad value at once', () => {
    const bad = { PORT: 'abc', STATUS_AUTH: 'sometimes', GATEWAY_URL: 'ftp://gw.example', GATEWAY_TOKENS: ' , ' };
    expect(() => loadConfig(bad)).toThrow(/PORT[\s\S]*GATEWAY_TOKENS[\s\S]*STATUS_AUTH[\s\S]*GATEWAY_URL/);
  });
});
