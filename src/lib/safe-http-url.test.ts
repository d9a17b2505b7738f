import { describe, expect, it } from 'vitest';
import { safeHttpUrl } from './safe-http-url';

describe('safeHttpUrl', () => {
  it.each(['http://gw.test/a.wav', 'https://cdn.test/a.mp3?sig=1'])('keeps %j', (url) => {
    expect(safeHttpUrl(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' \u0001\t java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'data:audio/wav;base64,UklGRg==',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    '//evil.example/a.wav',
    '/relative/a.wav',
    'not a url',
    '',
  ])('refuses %j', (url) => {
    expect(safeHttpUrl(url)).toBeNull();
  });
});
