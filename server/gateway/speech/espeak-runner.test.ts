import { describe, expect, it } from 'vitest';
import { runEspeak } from './espeak-runner.mjs';

const speak = { input: 'The engine writes its audio as it speaks. Twice over.', voice: 'en-us', wpm: 175, pitch: 50 };

/** The file the writes make, rewrites of earlier bytes included. */
function replay(writes: { bytes: Uint8Array; position: number }[]) {
  const out = new Uint8Array(writes.reduce((n, w) => Math.max(n, w.position + w.bytes.length), 0));
  for (const w of writes) out.set(w.bytes, w.position);
  return out;
}

describe('runEspeak', () => {
  it('passes every write on, and without keepOutput stores only the header', async () => {
    const kept: { bytes: Uint8Array; position: number }[] = [];
    const wav = await runEspeak({ ...speak, onOutput: (bytes, position) => kept.push({ bytes: bytes.slice(), position }) });
    const streamed: { bytes: Uint8Array; position: number }[] = [];
    const header = await runEspeak({
      ...speak,
      keepOutput: false,
      onOutput: (bytes, position) => streamed.push({ bytes: bytes.slice(), position }),
    });
    expect(wav.length).toBeGreaterThan(10_000);
    expect(replay(kept)).toEqual(wav);
    expect(replay(streamed)).toEqual(wav);
    expect(header).toEqual(wav.subarray(0, 44));
  });
});
