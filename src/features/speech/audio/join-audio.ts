import { t } from '@/i18n/i18n-store';
import type { AudioFormat } from '@/contract';
import { xingFrame } from '@/contract/mp3-xing-frame.mjs';
import { findMp3Frames } from './mp3-frames';
import type { PcmFormat } from './pcm-to-wav';
import { SAMPLE_CONTAINER, type SampleFormat } from './sample-container';
import { MIME_TYPE } from './sniff-audio';

/** One audio for the whole text, and where each part starts in it. */
type JoinedAudio = { audio: Blob; startsMs: number[]; durationMs: number };

/** Long enough to hide the step between two parts' samples, short enough not to be heard as a fade. */
export const JOIN_FADE_MS = 5;

/**
 * Joins parts of one format into one file, built from Blob slices of the parts plus a header and
 * the few faded bytes at each join: the samples themselves are never copied into JavaScript.
 */
export function joinAudio(parts: Blob[], format: AudioFormat, pcm: PcmFormat): Promise<JoinedAudio> {
  return JOIN[format](parts, pcm);
}

/** How parts of each format join: samples end to end with short fades (WAV, PCM), MP3 by its frames. */
const JOIN: Record<AudioFormat, (parts: Blob[], pcm: PcmFormat) => Promise<JoinedAudio>> = {
  wav: (parts, pcm) => joinSamples(parts, 'wav', pcm),
  pcm: (parts, pcm) => joinSamples(parts, 'pcm', pcm),
  mp3: (parts) => joinMp3(parts),
};

/** Parts of samples (WAV files or raw PCM, read by their container) as one, with the container's header. */
async function joinSamples(parts: Blob[], as: SampleFormat, pcm: PcmFormat): Promise<JoinedAudio> {
  const container = SAMPLE_CONTAINER[as];
  const layouts = await Promise.all(parts.map((p) => container.layout(p, pcm)));
  const first = layouts[0]?.format ?? pcm;
  if (layouts.some((l) => !samePcm(l.format, first))) throw new Error(t('speech.long.sampleFormatsDiffer'));
  const blockAlign = first.channels * (first.bitsPerSample / 8);
  const fadeFrames = Math.round((first.sampleRate * JOIN_FADE_MS) / 1000);
  const pieces: BlobPart[] = [];
  const startsMs: number[] = [];
  let dataBytes = 0;
  for (const [i, part] of parts.entries()) {
    const { dataOffset, dataBytes: size } = layouts[i]!;
    startsMs.push(((dataBytes / blockAlign) * 1000) / first.sampleRate);
    const fade = Math.min(fadeFrames, Math.floor(size / blockAlign / 2)) * blockAlign;
    const head = i > 0 ? fade : 0;
    const tail = i < parts.length - 1 ? fade : 0;
    const end = dataOffset + size;
    if (head) pieces.push(faded(await bytesOf(part, dataOffset, dataOffset + head), first, 'in'));
    pieces.push(part.slice(dataOffset + head, end - tail));
    if (tail) pieces.push(faded(await bytesOf(part, end - tail, end), first, 'out'));
    dataBytes += size;
  }
  const durationMs = ((dataBytes / blockAlign) * 1000) / first.sampleRate;
  if (dataBytes > container.maxDataBytes) throw new Error(t('speech.long.tooLarge'));
  return { audio: new Blob([...container.header(dataBytes, first), ...pieces], { type: MIME_TYPE[as] }), startsMs, durationMs };
}

// A growing preview joins the same parts again: each part's frames are found once.
const framesOf = new WeakMap<Blob, ReturnType<typeof findMp3Frames>>();

/** The parts' frames under one new Xing frame: VBR parts need it for players to know the duration. */
async function joinMp3(parts: Blob[]): Promise<JoinedAudio> {
  const pieces: Blob[] = [];
  const startsMs: number[] = [];
  const frameStarts: number[] = [];
  let header: Uint8Array | null = null;
  let bytes = 0;
  let ms = 0;
  for (const part of parts) {
    // One part at a time: its bytes are read to find the frames, then only a slice is kept.
    const frames = framesOf.get(part) ?? findMp3Frames(new Uint8Array(await part.arrayBuffer()));
    framesOf.set(part, frames);
    header ??= frames.header;
    startsMs.push(ms);
    ms += (frames.frames * frames.samplesPerFrame * 1000) / frames.sampleRate;
    for (const at of frames.starts) frameStarts.push(bytes + at);
    bytes += frames.end - frames.start;
    pieces.push(part.slice(frames.start, frames.end));
  }
  const tag = header ? [xingFrame(header, frameStarts, bytes) as Uint8Array<ArrayBuffer>] : [];
  return { audio: new Blob([...tag, ...pieces], { type: MIME_TYPE.mp3 }), startsMs, durationMs: ms };
}

const samePcm = (a: PcmFormat, b: PcmFormat) =>
  a.sampleRate === b.sampleRate && a.channels === b.channels && a.bitsPerSample === b.bitsPerSample;

async function bytesOf(blob: Blob, from: number, to: number): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await blob.slice(from, to).arrayBuffer());
}

/** A linear fade over little-endian integer samples (16, 24 or 32 bits), every channel alike (in place). */
export function faded(
  bytes: Uint8Array<ArrayBuffer>,
  { channels, bitsPerSample }: PcmFormat,
  direction: 'in' | 'out',
): Uint8Array<ArrayBuffer> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = bitsPerSample / 8;
  const frames = bytes.byteLength / (width * channels);
  for (let f = 0; f < frames; f++) {
    const gain = direction === 'in' ? f / frames : (frames - 1 - f) / frames;
    for (let c = 0; c < channels; c++) {
      const at = (f * channels + c) * width;
      if (width === 2) view.setInt16(at, Math.round(view.getInt16(at, true) * gain), true);
      else if (width === 4) view.setInt32(at, Math.round(view.getInt32(at, true) * gain), true);
      else {
        const raw = view.getUint8(at) | (view.getUint8(at + 1) << 8) | (view.getInt8(at + 2) << 16);
        const v = Math.round(raw * gain);
        view.setUint8(at, v & 0xff);
        view.setUint8(at + 1, (v >> 8) & 0xff);
        view.setUint8(at + 2, (v >> 16) & 0xff);
      }
    }
  }
  return bytes;
}
