import { buildZip, type ZipTake } from './build-zip';
import { normalizeTake, type TakeLoudnessError } from '../../loudness';

/** What the zip's maker is asked: its takes, and the loudness target in LUFS (null: as they came). */
export type ZipJob = { takes: ZipTake[]; targetLufs: number | null };

const oneDecimal = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : String(n));

/** The manifest's loudness cell (file content, not UI: English and units, like the header). */
function unchanged(error: TakeLoudnessError): string {
  if (error.code === 'unreadableAudio') return 'unchanged (unreadable WAV)';
  return error.bitsPerSample === undefined ? `unchanged (${error.format}, not re-encoded)` : `unchanged (${error.bitsPerSample}-bit)`;
}

/**
 * The script's zip: with a target, each WAV and PCM take is brought to it under the true-peak
 * ceiling first (MP3 stays as it came, and the manifest says so). Runs in zip.worker.ts, or in the
 * page where workers are missing; also the benchmark's subject (scripts/bench/script-zip.ts).
 */
export async function makeScriptZip({ takes, targetLufs }: ZipJob, onTake?: (done: number) => void): Promise<Blob> {
  const ready: ZipTake[] = [];
  for (const [i, take] of takes.entries()) {
    if (targetLufs === null) {
      ready.push(take);
    } else {
      const normalized = await normalizeTake({ format: take.format, pcmFormat: take.pcmFormat, audio: take.audio }, targetLufs);
      ready.push(
        normalized.ok
          ? {
              ...take,
              audio: normalized.audio,
              // Starts with a word: a cell starting with '-' would get the manifest's formula guard (a leading ').
              loudness: `target ${targetLufs} LUFS: ${oneDecimal(normalized.loudness.lufs)} LUFS, true peak ${oneDecimal(normalized.loudness.truePeakDbtp)} dBTP`,
            }
          : { ...take, loudness: unchanged(normalized.error) },
      );
    }
    onTake?.(i + 1);
  }
  return buildZip(ready);
}
