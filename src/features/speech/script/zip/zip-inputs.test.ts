import { describe, expect, it } from 'vitest';
import type { ScriptRow } from '../import/import-script';
import type { StoredScriptTake } from '../queue/script-db';
import { zipInputs } from './zip-inputs';

const take = (line: number, audio: Blob | null, speeches: unknown[]): StoredScriptTake => ({
  scriptId: 's',
  line,
  request: { sourceText: `Text ${line}.`, format: 'wav' },
  result: { taskId: `T${line}`, targetAudioUrl: 'http://x/a.wav', speeches },
  audio,
  format: 'wav',
  pcmFormat: { sampleRate: 22050, channels: 1, bitsPerSample: 16 },
  durationMs: 900,
});

describe('zip inputs', () => {
  it('named by their row, subtitled from their segments, and a line without kept audio left out', () => {
    const rows = [{ line: 2, fileName: 'intro' }, { line: 3 }] as ScriptRow[];
    const inputs = zipInputs(
      [
        take(2, new Blob(['RIFF']), [{ index: 0, text: 'Text 2.', startMs: 0, endMs: 800 }]),
        take(3, null, []),
        take(4, new Blob(['x']), []),
      ],
      rows,
    );
    expect(inputs.map((i) => [i.line, i.fileName, i.taskId])).toEqual([
      [2, 'intro', 'T2'],
      [4, undefined, 'T4'],
    ]);
    expect(inputs[0]!.cues).toEqual([{ startMs: 0, endMs: 800, lines: ['Text 2.'] }]);
    // No segments: estimated from the sentence and the audio's length.
    expect(inputs[1]!.cues).toEqual([{ startMs: 0, endMs: 900, lines: ['Text 4.'] }]);
  });
});
