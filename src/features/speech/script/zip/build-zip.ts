import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { AudioFormat, SpeechRequest } from '@/contract';
import { FILE_EXTENSION, IS_RAW_SAMPLES, type PcmFormat } from '../../audio';
import { csvCell } from '../../lexicon';
import { safeBaseName, uniqueBaseNames } from '../import/safe-file-name';
import { type Cue, toSrt, toVtt } from '../../subtitles';

/** One made line of a script, as the zip needs it. */
export type ZipTake = {
  line: number;
  /** From the script's file-name column; the line number when absent or unusable. */
  fileName?: string;
  audio: Blob;
  format: AudioFormat;
  /** The text actually sent (after the pronunciation lexicon). */
  textSent: string;
  request: SpeechRequest;
  durationMs: number | null;
  /** How its samples were read (the connection's setting): written in the manifest for raw PCM, whose file has no header. */
  pcmFormat: PcmFormat;
  taskId: string;
  /** Its subtitles, written beside its audio as .srt and .vtt. */
  cues?: readonly Cue[];
  /** What loudness normalisation did to it (or why not); a "loudness" column appears when any take has one. */
  loudness?: string;
};

const READ_SLICE_BYTES = 1 << 20;
const MANIFEST = 'manifest.csv';
/** The subtitles every take's base name is kept free for, whether it has cues or not (a name never depends on another take's cues). */
const SUBTITLE_EXTENSIONS = ['srt', 'vtt'] as const;
/** An extension the console writes, dropped from a line's file name before its own is added. */
const KNOWN_EXTENSION = new RegExp(`\\.(${[...Object.values(FILE_EXTENSION), ...SUBTITLE_EXTENSIONS].join('|')})$`, 'i');
const MANIFEST_HEADER = [
  'line',
  'file',
  'text sent',
  'voice',
  'timbre',
  'language',
  'speed',
  'volume',
  'emotion',
  'format',
  // Raw PCM only (signed little-endian integers, no header to say so); a WAV's header and an MP3's frames say it themselves.
  'sample rate (Hz)',
  'channels',
  'bits',
  'duration (s)',
  'task ID',
];

/**
 * Each take's base name: its file-name cell made safe (an audio extension it carries dropped), else
 * "line-007"; unique under case folding across every entry it gives (its audio, .srt and .vtt) and
 * manifest.csv, so "a" as WAV and "a" as MP3 give a.wav, a.srt and a-2.mp3, a-2.srt.
 */
export function zipBaseNames(takes: readonly Pick<ZipTake, 'line' | 'fileName' | 'format'>[]): string[] {
  const width = String(Math.max(0, ...takes.map((t) => t.line))).length;
  const unique = uniqueBaseNames([MANIFEST]);
  return takes.map((t) => {
    // Made safe, then its extension dropped and made safe again: "clip.wav<ZWSP>" and "AUX .mp3" end on their extension only once cleaned.
    const cleaned = safeBaseName(t.fileName ?? '');
    const base =
      (cleaned === null ? null : safeBaseName(cleaned.replace(KNOWN_EXTENSION, ''))) ?? `line-${String(t.line).padStart(width, '0')}`;
    return unique(base, [FILE_EXTENSION[t.format], ...SUBTITLE_EXTENSIONS]);
  });
}

/**
 * One zip: every take's audio stored as it is (audio does not deflate), its subtitles, and
 * manifest.csv (line, file, text sent, settings, raw PCM's layout, duration, task ID), deflated. Streamed through
 * fflate, so audio is read a slice at a time and never copied whole into one array.
 */
export async function buildZip(takes: readonly ZipTake[], mtime = new Date()): Promise<Blob> {
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let failed: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failed = err;
    else chunks.push(chunk as Uint8Array<ArrayBuffer>);
  });
  const text = (name: string, content: string) => {
    const file = new ZipDeflate(name, { level: 6 });
    file.mtime = mtime;
    zip.add(file);
    file.push(new TextEncoder().encode(content), true);
  };
  const bases = zipBaseNames(takes);
  const withLoudness = takes.some((t) => t.loudness !== undefined);
  const rows = [[...MANIFEST_HEADER, ...(withLoudness ? ['loudness'] : [])].join(',')];
  for (const [i, take] of takes.entries()) {
    const file = `${bases[i]!}.${FILE_EXTENSION[take.format]}`;
    const entry = new ZipPassThrough(file);
    entry.mtime = mtime;
    zip.add(entry);
    // In slices: a take is read a megabyte at a time (Blob.stream() is missing in some engines and jsdom).
    for (let at = 0; at < take.audio.size; at += READ_SLICE_BYTES) {
      entry.push(new Uint8Array(await take.audio.slice(at, at + READ_SLICE_BYTES).arrayBuffer()));
    }
    entry.push(new Uint8Array(0), true);
    if (take.cues) {
      const subtitles: Record<(typeof SUBTITLE_EXTENSIONS)[number], string> = { srt: toSrt(take.cues), vtt: toVtt(take.cues) };
      for (const extension of SUBTITLE_EXTENSIONS) text(`${bases[i]!}.${extension}`, subtitles[extension]);
    }
    const r = take.request;
    const cells = [
      String(take.line),
      file,
      take.textSent,
      r.voiceName ?? '',
      r.timbreNumber === undefined ? '' : String(r.timbreNumber),
      r.targetLanguage ?? '',
      r.speedFactor === undefined ? '' : String(r.speedFactor),
      r.volume === undefined ? '' : String(r.volume),
      r.emotion === undefined ? '' : String(r.emotion),
      take.format,
      ...(IS_RAW_SAMPLES[take.format]
        ? [take.pcmFormat.sampleRate, take.pcmFormat.channels, take.pcmFormat.bitsPerSample].map(String)
        : ['', '', '']),
      take.durationMs === null ? '' : (take.durationMs / 1000).toFixed(3),
      take.taskId,
      ...(withLoudness ? [take.loudness ?? ''] : []),
    ];
    rows.push(cells.map(csvCell).join(','));
  }
  text(MANIFEST, `\uFEFF${rows.join('\r\n')}\r\n`);
  zip.end();
  if (failed) throw failed;
  return new Blob(chunks, { type: 'application/zip' });
}
