import { describe, expect, it } from 'vitest';
import { EMBEDDED_PCM } from '@/contract';
import { pcmDurationSeconds, pcmToWav } from './pcm-to-wav';

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join(' ');

describe('pcmToWav', () => {
  it('writes the exact 44-byte header for the embedded gateway format (s16le mono 22,050 Hz)', () => {
    const pcm = new Uint8Array([0x01, 0x00, 0xff, 0x7f, 0x00, 0x80, 0x34, 0x12]);
    const wav = pcmToWav(pcm, EMBEDDED_PCM);
    expect(wav.byteLength).toBe(52);
    expect(hex(wav.subarray(0, 44))).toBe(
      [
        '52 49 46 46', // "RIFF"
        '2c 00 00 00', // 36 + 8 data bytes = 44
        '57 41 56 45', // "WAVE"
        '66 6d 74 20', // "fmt "
        '10 00 00 00', // fmt chunk size 16
        '01 00', // PCM
        '01 00', // 1 channel
        '22 56 00 00', // 22050 Hz
        '44 ac 00 00', // byte rate 44100
        '02 00', // block align 2
        '10 00', // 16 bits
        '64 61 74 61', // "data"
        '08 00 00 00', // 8 data bytes
      ].join(' '),
    );
    expect([...wav.subarray(44)]).toEqual([...pcm]);
  });

  it('writes stereo 24-bit 48 kHz fields and drops a trailing partial frame', () => {
    const wav = pcmToWav(new Uint8Array(6 * 3 + 4), { sampleRate: 48000, channels: 2, bitsPerSample: 24 });
    const view = new DataView(wav.buffer);
    expect(view.getUint16(22, true)).toBe(2);
    expect(view.getUint32(24, true)).toBe(48000);
    expect(view.getUint32(28, true)).toBe(288000);
    expect(view.getUint16(32, true)).toBe(6);
    expect(view.getUint16(34, true)).toBe(24);
    expect(view.getUint32(40, true)).toBe(18);
    expect(view.getUint32(4, true)).toBe(54);
    expect(wav.byteLength).toBe(62);
  });

  it('handles empty PCM and computes durations', () => {
    expect(pcmToWav(new Uint8Array(0), EMBEDDED_PCM).byteLength).toBe(44);
    expect(pcmDurationSeconds(44100, EMBEDDED_PCM)).toBe(1);
  });
});

describe('playableBlob', () => {
  it('wraps PCM as the same bytes pcmToWav makes and leaves wav/mp3 untouched', async () => {
    const { playableBlob } = await import('./playable-audio');
    const pcm = new Uint8Array([1, 2, 3, 4, 5]);
    const blob = playableBlob(new Blob([pcm]), 'pcm', EMBEDDED_PCM);
    expect(blob.type).toBe('audio/wav');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([...pcmToWav(pcm, EMBEDDED_PCM)]);
    expect(playableBlob(new Blob([pcm]), 'mp3', EMBEDDED_PCM).type).toBe('audio/mpeg');
    expect(playableBlob(new Blob([pcm]), 'wav', EMBEDDED_PCM).size).toBe(5);
  });
});
