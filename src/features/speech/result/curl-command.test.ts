import { describe, expect, it } from 'vitest';
import { curlCommand } from './curl-command';

const connection = { gatewayUrl: '/api', token: 'secret', userId: '42', channel: '', appSource: '' };

describe('curlCommand', () => {
  it('redacts the token unless asked and quotes the body for the shell', () => {
    const body = { sourceText: "It's fine", voiceName: 'en-us' };
    const cmd = curlCommand(connection, body, { base: 'http://127.0.0.1:8120/speech' });
    expect(cmd).toContain(`curl -X POST 'http://127.0.0.1:8120/api/speechSynthesis/textToSpeech'`);
    expect(cmd).toContain(`-H 'Authorization: Bearer <token>'`);
    expect(cmd).not.toContain('secret');
    expect(cmd).toContain(`-H 'X-User-Id: 42'`);
    expect(cmd).toContain(`--data-raw '{"sourceText":"It'\\''s fine","voiceName":"en-us"}'`);
    expect(curlCommand(connection, body, { showToken: true })).toContain('Bearer secret');
  });
});
