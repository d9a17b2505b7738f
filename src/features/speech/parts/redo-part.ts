import { speechSegmentSchema, type AudioFormat } from '@/contract';
import { xingFrame } from '@/contract/mp3-xing-frame.mjs';
import { faded, JOIN_FADE_MS, findMp3Frames, type PcmFormat, SAMPLE_CONTAINER, type SampleFormat, MIME_TYPE } from '../audio';
import type { TakePart } from '../take';

/** A joined long take as history keeps it: one audio, where each part starts, segments on the joined clock. */
export type JoinedTake = {
  format: AudioFormat;
  /** How raw PCM is read (the take's own `pcmFormat`). */
  pcmFormat: PcmFormat;
  audio: Blob;
  parts: readonly TakePart[];
  speeches: readonly unknown[];
  /** The whole text (the take's `request.sourceText`), rewritten when a part's text is edited. */
  sourceText: string;
};

/** Part i made again: its audio as it came (format sniffed by the caller), its segments on its own clock. */
export type PartReplacement = { format: AudioFormat; audio: Blob; speeches: readonly unknown[]; taskId: string; text?: string };

export type RedoError =
  | { code: 'noSuchPart'; index: number; parts: number }
  | { code: 'formatMismatch'; expected: AudioFormat; got: AudioFormat }
  | { code: 'sampleFormatMismatch'; expected: PcmFormat; got: PcmFormat };

export type RedoResult =
  | { ok: true; audio: Blob; durationMs: number; parts: TakePart[]; speeches: unknown[]; sourceText: string }
  | { ok: false; error: RedoError };

/** Where each part's audio sits in the joined take, and how to rebuild it with part i replaced. */
type Rejoined = { audio: Blob; startsMs: number[]; durationMs: number };

/**
 * The joined take with part `index` replaced and rejoined. The other parts' audio is sliced from
 * the joined audio as it is (their bytes untouched, their fades at the joins already in them); the
 * new part is faded in and out at its joins as the joiner does (WAV, PCM) or rejoined by frames
 * under a new Xing frame (MP3). Segments: the others' kept, those after the part shifted by the
 * change in length, the new part's put on the joined clock; indexes run on. The part is marked
 * `redone` (a count). Another audio or sample format is refused, never converted: the parts of one
 * take are made with one request's parameters, so a different format is a gateway change to look at.
 */
export async function redoPart(take: JoinedTake, index: number, replacement: PartReplacement): Promise<RedoResult> {
  const count = take.parts.length;
  if (!Number.isInteger(index) || index < 0 || index >= count) return { ok: false, error: { code: 'noSuchPart', index, parts: count } };
  if (replacement.format !== take.format)
    return { ok: false, error: { code: 'formatMismatch', expected: take.format, got: replacement.format } };
  const rejoined = await REJOIN[take.format](take, index, replacement.audio);
  if ('code' in rejoined) return { ok: false, error: rejoined };
  const text = replacement.text ?? take.parts[index]!.text;
  const parts = take.parts.map((p, k): TakePart => {
    const startMs = rejoined.startsMs[k]!;
    return k === index ? { ...p, text, startMs, taskId: replacement.taskId, redone: (p.redone ?? 0) + 1 } : { ...p, startMs };
  });
  return {
    ok: true,
    audio: rejoined.audio,
    durationMs: rejoined.durationMs,
    parts,
    speeches: rejoinSegments(take, index, replacement.speeches, rejoined),
    sourceText: replacement.text === undefined ? take.sourceText : replaceText(take, index, replacement.text),
  };
}

/** How a part of each format is put back: samples with fades at its joins (WAV, PCM), MP3 by its frames. */
const REJOIN: Record<AudioFormat, (take: JoinedTake, index: number, audio: Blob) => Promise<Rejoined | RedoError>> = {
  wav: (take, index, audio) => rejoinSamples(take, index, audio, 'wav'),
  pcm: (take, index, audio) => rejoinSamples(take, index, audio, 'pcm'),
  mp3: (take, index, audio) => rejoinMp3(take, index, audio),
};

async function rejoinSamples(take: JoinedTake, index: number, audio: Blob, as: SampleFormat): Promise<Rejoined | RedoError> {
  const container = SAMPLE_CONTAINER[as];
  const joined = await container.layout(take.audio, take.pcmFormat);
  const own = await container.layout(audio, take.pcmFormat);
  const f = joined.format;
  if (own.format.sampleRate !== f.sampleRate || own.format.channels !== f.channels || own.format.bitsPerSample !== f.bitsPerSample)
    return { code: 'sampleFormatMismatch', expected: f, got: own.format };
  const blockAlign = f.channels * (f.bitsPerSample / 8);
  const frameOf = (ms: number) => Math.round((ms * f.sampleRate) / 1000);
  // Byte ranges of each part in the joined data, from the parts' starts (whole frames, as the joiner wrote them).
  const bounds = take.parts.map((p) => Math.min(joined.dataBytes, frameOf(p.startMs) * blockAlign));
  bounds.push(joined.dataBytes);
  const pieces: BlobPart[] = [];
  const startsMs: number[] = [];
  let dataBytes = 0;
  for (let k = 0; k < take.parts.length; k++) {
    startsMs.push(((dataBytes / blockAlign) * 1000) / f.sampleRate);
    if (k !== index) {
      pieces.push(take.audio.slice(joined.dataOffset + bounds[k]!, joined.dataOffset + bounds[k + 1]!));
      dataBytes += bounds[k + 1]! - bounds[k]!;
      continue;
    }
    const size = own.dataBytes;
    const fade = Math.min(Math.round((f.sampleRate * JOIN_FADE_MS) / 1000), Math.floor(size / blockAlign / 2)) * blockAlign;
    const head = k > 0 ? fade : 0;
    const tail = k < take.parts.length - 1 ? fade : 0;
    const start = own.dataOffset;
    const end = start + size;
    const bytes = async (from: number, to: number) => new Uint8Array(await audio.slice(from, to).arrayBuffer());
    if (head) pieces.push(faded(await bytes(start, start + head), f, 'in'));
    pieces.push(audio.slice(start + head, end - tail));
    if (tail) pieces.push(faded(await bytes(end - tail, end), f, 'out'));
    dataBytes += size;
  }
  const durationMs = ((dataBytes / blockAlign) * 1000) / f.sampleRate;
  return { audio: new Blob([...container.header(dataBytes, f), ...pieces], { type: MIME_TYPE[as] }), startsMs, durationMs };
}

async function rejoinMp3(take: JoinedTake, index: number, audio: Blob): Promise<Rejoined | RedoError> {
  const joined = findMp3Frames(new Uint8Array(await take.audio.arrayBuffer()));
  const own = findMp3Frames(new Uint8Array(await audio.arrayBuffer()));
  const pcmOf = (m: typeof joined): PcmFormat => ({
    sampleRate: m.sampleRate,
    channels: take.pcmFormat.channels,
    bitsPerSample: take.pcmFormat.bitsPerSample,
  });
  if (own.sampleRate !== joined.sampleRate || own.samplesPerFrame !== joined.samplesPerFrame)
    return { code: 'sampleFormatMismatch', expected: pcmOf(joined), got: pcmOf(own) };
  const frameMs = (joined.samplesPerFrame * 1000) / joined.sampleRate;
  // Frame ranges of each part, from the parts' starts (the joiner starts each part on a frame).
  const bounds = take.parts.map((p) => Math.min(joined.frames, Math.round(p.startMs / frameMs)));
  bounds.push(joined.frames);
  const byteAt = (frame: number) => joined.start + (frame < joined.frames ? joined.starts[frame]! : joined.end - joined.start);
  const pieces: Blob[] = [];
  const frameStarts: number[] = [];
  const startsMs: number[] = [];
  let bytes = 0;
  let frames = 0;
  for (let k = 0; k < take.parts.length; k++) {
    startsMs.push(frames * frameMs);
    const [source, from, to, starts] =
      k === index
        ? [audio, own.start, own.end, Array.from(own.starts)]
        : [
            take.audio,
            byteAt(bounds[k]!),
            byteAt(bounds[k + 1]!),
            Array.from(joined.starts.subarray(bounds[k], bounds[k + 1]), (s) => s - (byteAt(bounds[k]!) - joined.start)),
          ];
    for (const at of starts) frameStarts.push(bytes + at);
    pieces.push(source.slice(from, to));
    bytes += to - from;
    frames += starts.length;
  }
  const tag = xingFrame(joined.header, frameStarts, bytes) as Uint8Array<ArrayBuffer>;
  return { audio: new Blob([tag, ...pieces], { type: MIME_TYPE.mp3 }), startsMs, durationMs: frames * frameMs };
}

/**
 * The merged segments with part `index`'s replaced. A segment belongs to the part its start falls
 * in; a segment of a shape the console does not know (kept as it came) goes with the one before it.
 */
function rejoinSegments(take: JoinedTake, index: number, replacement: readonly unknown[], rejoined: Rejoined): unknown[] {
  const partOf = (ms: number) => {
    let k = 0;
    while (k + 1 < take.parts.length && ms >= take.parts[k + 1]!.startMs) k++;
    return k;
  };
  const out: unknown[] = [];
  const push = (raw: unknown, shiftMs: number) => {
    const parsed = speechSegmentSchema.safeParse(raw);
    if (!parsed.success) out.push(raw);
    else out.push({ ...parsed.data, index: out.length, startMs: parsed.data.startMs + shiftMs, endMs: parsed.data.endMs + shiftMs });
  };
  let part = 0;
  let placed = false;
  const placeReplacement = () => {
    for (const raw of replacement) push(raw, rejoined.startsMs[index]!);
    placed = true;
  };
  for (const raw of take.speeches) {
    const parsed = speechSegmentSchema.safeParse(raw);
    if (parsed.success) part = partOf(parsed.data.startMs);
    if (part > index && !placed) placeReplacement();
    if (part === index) continue;
    push(raw, rejoined.startsMs[part]! - take.parts[part]!.startMs);
  }
  if (!placed) placeReplacement();
  return out;
}

/** The whole text with part `index`'s text replaced, found after the parts before it; appended when not found. */
function replaceText(take: JoinedTake, index: number, text: string): string {
  let cursor = 0;
  for (let k = 0; k < index; k++) {
    const at = take.sourceText.indexOf(take.parts[k]!.text, cursor);
    if (at >= 0) cursor = at + take.parts[k]!.text.length;
  }
  const old = take.parts[index]!.text;
  const at = take.sourceText.indexOf(old, cursor);
  if (at < 0) return `${take.sourceText} ${text}`;
  return take.sourceText.slice(0, at) + text + take.sourceText.slice(at + old.length);
}
