import { describe, expect, it } from 'vitest';
import { precompressedEncodings } from './accept-encoding';

describe('precompressedEncodings', () => {
  it('leaves a header without weights alone', () => {
    expect(precompressedEncodings('gzip, deflate, br, zstd')).toBeNull();
    expect(precompressedEncodings(undefined)).toBeNull();
  });

  it('keeps what a positive weight accepts and drops what q=0 refuses', () => {
    expect(precompressedEncodings('br;q=0.5, gzip;q=1')).toBe('br, gzip');
    expect(precompressedEncodings('br;q=0, gzip')).toBe('gzip');
    expect(precompressedEncodings('br;q=0, gzip;q=0')).toBe('');
    expect(precompressedEncodings('GZIP;Q=0.8')).toBe('gzip');
  });

  it('lets * accept what is not named, and a malformed weight refuse', () => {
    expect(precompressedEncodings('*;q=0.1, br;q=0')).toBe('gzip');
    expect(precompressedEncodings('identity;q=1, *;q=0')).toBe('');
    expect(precompressedEncodings('br;q=abc, gzip;q=0.2')).toBe('gzip');
  });
});
