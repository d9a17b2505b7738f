import { buildZip, type ZipTake } from './build-zip';
import { normalizeTake, type LameWasm, type TakeAudio, type TakeLoudnessError } from '../../loudness';

/**
 * What the zip's maker is asked: its takes (an MP3 take with the samples the page decoded, when
 * there is a target), and the loudness target in LUFS (null: as they came).
 */
export type ZipJob = { takes: (ZipTake & Pick<TakeAudio, 'decoded'>)[]; targetLufs: number | null };

const withoutDecoded = ({ decoded: _decoded, ...take }: ZipJob['takes'][number]): ZipTake => take;

const oneDecimal = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : String(n));

/** The manifest's loudness cell (file content, not UI: English and units, like the header). */
function unchanged(error: TakeLoudnessError): string {
  if (error.code === 'unreadableAudio') return 'unchanged (unreadable WAV)';
  if (error.bitsPerSample !== undefined) return `unchanged (${error.bitsPerSample}-bit)`;
  if (error.channels !== undefined) return `unchanged (${error.format}, ${error.channels} channels)`;
  return `unchanged (${error.format}, undecodable)`;
}

/**
 * The script's zip: with a target, each take is brought to it under the true-peak ceiling first
 * (MP3 from its decoded samples, encoded again; one that cannot be stays as it came, and the
 * manifest says so). Runs in zip.worker.ts, or in the page where workers are missing; also the
 * benchmark's subject (scripts/bench/script-zip.ts). `lameWasm`: where LAME's module is read (tests).
 */
export async function makeScriptZip({ takes, targetLufs }: ZipJob, onTake?: (done: number) => void, lameWasm?: LameWasm): Promise<Blob> {
  const ready: ZipTake[] = [];
  for (const [i, take] of takes.entries()) {
    if (targetLufs === null) {
      ready.push(withoutDecoded(take));
    } else {
      const { format, pcmFormat, audio, decoded } = take;
      const normalized = await normalizeTake({ format, pcmFormat, audio, decoded }, targetLufs, { lameWasm });
      ready.push(
        normalized.ok
          ? {
              ...withoutDecoded(take),
              audio: normalized.audio,
              // Starts with a word: a cell starting with '-' would get the manifest's formula guard (a leading ').
              loudness: `target ${targetLufs} LUFS: ${oneDecimal(normalized.loudness.lufs)} LUFS, true peak ${oneDecimal(normalized.loudness.truePeakDbtp)} dBTP`,
            }
          : { ...withoutDecoded(take), loudness: unchanged(normalized.error) },
      );
    }
    onTake?.(i + 1);
  }
  return buildZip(ready);
}
