import { describe, expect, it } from 'vitest';
import { sniffAudioBytes } from './audio-magic';
import { assertNever } from './assert-never';

const bytes = (s: string) => Array.from(s, (c) => c.charCodeAt(0));

describe('sniffAudioBytes', () => {
  it('tells WAV and MP3 by their magic, and says nothing of bytes without one (raw PCM, text)', () => {
    expect(sniffAudioBytes(bytes('RIFF\0\0\0\0WAVE'))).toBe('wav');
    expect(sniffAudioBytes(bytes('ID3\x04\0\0\0\0\0\0\0\0'))).toBe('mp3');
    expect(sniffAudioBytes([0xff, 0xf3, 0x64, 0xc4])).toBe('mp3');
    expect(sniffAudioBytes([0, 0, 1, 0, 0xff, 0x7f])).toBeNull();
    expect(sniffAudioBytes(bytes('<!doctype html>'))).toBeNull();
    expect(sniffAudioBytes([])).toBeNull();
  });
});

describe('assertNever', () => {
  it('throws, naming the value, when a value from outside the types reaches it', () => {
    expect(() => assertNever('ogg' as never)).toThrow('Unhandled value: "ogg"');
  });
});
