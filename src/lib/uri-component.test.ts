import { describe, expect, it } from 'vitest';
import { encodeUriComponentSafe } from './uri-component';

describe('encodeUriComponentSafe', () => {
  it('encodes as encodeURIComponent does when the text is well formed', () => {
    for (const text of ['status:failed code:3002', 'Service_AI_2026 ä 語 😀', '', '%&=+#?/'])
      expect(encodeUriComponentSafe(text)).toBe(encodeURIComponent(text));
  });

  it('gives U+FFFD for a lone surrogate instead of throwing "URI malformed"', () => {
    expect(() => encodeURIComponent('a\ud800')).toThrow(URIError);
    expect(encodeUriComponentSafe('a\ud800')).toBe('a%EF%BF%BD');
    expect(encodeUriComponentSafe('\udc00b')).toBe('%EF%BF%BDb');
    // A pair cut in half by a slice, and pairs reversed.
    expect(encodeUriComponentSafe('😀'.slice(0, 1))).toBe('%EF%BF%BD');
    expect(encodeUriComponentSafe('\ude00\ud83d')).toBe('%EF%BF%BD%EF%BF%BD');
    expect(decodeURIComponent(encodeUriComponentSafe('x😀\ud800y'))).toBe('x😀\ufffdy');
  });
});
