import { t } from '@/i18n/i18n-store';
/** The playable frames of one MP3 file: tags and the Xing/Info frame left out, so files can be joined by frames. */
type Mp3Frames = {
  start: number;
  end: number;
  frames: number;
  sampleRate: number;
  samplesPerFrame: number;
  /** The first audio frame's header, and each frame's offset from `start` (for a joined file's Xing frame). */
  header: Uint8Array;
  starts: Uint32Array;
};

const BITRATES = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const SAMPLE_RATES: Record<number, number[]> = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

type FrameHeader = { length: number; sampleRate: number; samplesPerFrame: number; sideInfo: number };

/** An MPEG audio Layer III frame header at `at`, or null. */
function frameAt(bytes: Uint8Array, at: number): FrameHeader | null {
  if (at + 4 > bytes.length || bytes[at] !== 0xff || (bytes[at + 1]! & 0xe0) !== 0xe0) return null;
  const version = (bytes[at + 1]! >> 3) & 3;
  const layer = (bytes[at + 1]! >> 1) & 3;
  const bitrateIndex = bytes[at + 2]! >> 4;
  const rateIndex = (bytes[at + 2]! >> 2) & 3;
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const mpeg1 = version === 3;
  const bitrate = (mpeg1 ? BITRATES.v1 : BITRATES.v2)[bitrateIndex]! * 1000;
  const sampleRate = SAMPLE_RATES[version]![rateIndex]!;
  const padding = (bytes[at + 2]! >> 1) & 1;
  const mono = bytes[at + 3]! >> 6 === 3;
  return {
    length: Math.floor(((mpeg1 ? 144 : 72) * bitrate) / sampleRate) + padding,
    sampleRate,
    samplesPerFrame: mpeg1 ? 1152 : 576,
    sideInfo: mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17,
  };
}

function id3v2Length(bytes: Uint8Array): number {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0;
  const size = ((bytes[6]! & 0x7f) << 21) | ((bytes[7]! & 0x7f) << 14) | ((bytes[8]! & 0x7f) << 7) | (bytes[9]! & 0x7f);
  const footer = bytes[5]! & 0x10 ? 10 : 0;
  return 10 + size + footer;
}

const ascii = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

/** Finds the frames of one MP3 (read whole: one part at a time, a few MB). */
export function findMp3Frames(bytes: Uint8Array): Mp3Frames {
  let at = id3v2Length(bytes);
  // Skip junk before the first frame, but only a frame followed by another counts as the start.
  while (at < bytes.length) {
    const h = frameAt(bytes, at);
    if (h && (at + h.length >= bytes.length || frameAt(bytes, at + h.length))) break;
    at++;
  }
  const first = frameAt(bytes, at);
  if (!first) throw new Error(t('speech.long.noMp3'));
  // A Xing/Info frame carries the file's own frame count: joined files would claim the wrong length.
  const tagAt = at + 4 + first.sideInfo;
  if (['Xing', 'Info'].includes(ascii(bytes, tagAt)) || ascii(bytes, at + 36) === 'VBRI') at += first.length;
  const start = at;
  const starts: number[] = [];
  for (let h = frameAt(bytes, at); h && at + h.length <= bytes.length; h = frameAt(bytes, at)) {
    starts.push(at - start);
    at += h.length;
  }
  return {
    start,
    end: at,
    frames: starts.length,
    sampleRate: first.sampleRate,
    samplesPerFrame: first.samplesPerFrame,
    header: bytes.slice(start, start + 4),
    starts: Uint32Array.from(starts),
  };
}
