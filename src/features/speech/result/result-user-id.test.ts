import { describe, expect, it } from 'vitest';
import { resultUserId } from './result-user-id';

describe('resultUserId', () => {
  it('shows the sent 19-digit ID, not the number the browser rounded it to', () => {
    const sent = '9223372036854775807';
    const parsed = (JSON.parse(`{"userId":${sent}}`) as { userId: number }).userId;
    expect(String(parsed)).not.toBe(sent);
    expect(resultUserId(parsed, sent)).toBe(sent);
  });

  it('shows what the gateway said when it is exact', () => {
    expect(resultUserId(10001, '10001')).toBe('10001');
    expect(resultUserId('12345678901234567890', '1')).toBe('12345678901234567890');
  });

  it('falls back to the sent ID when the gateway says nothing', () => {
    expect(resultUserId(undefined, '42')).toBe('42');
    expect(resultUserId(null, '42')).toBe('42');
    expect(resultUserId('', '42')).toBe('42');
  });
});
