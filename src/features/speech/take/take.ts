import type { AudioFormat, SpeechRequest, SpeechResult } from '@/contract';
import type { Connection } from '@/lib/connection-profile';
import type { PcmFormat } from '../audio';

type KeptAudio = { kept: true; contentType: string; byteLength: number } | { kept: false; reason: string };

/** One synthesis as history keeps it. The token is never stored. */
export type Take = {
  id: string;
  createdAt: number;
  connection: Omit<Connection, 'token'>;
  request: SpeechRequest;
  result: SpeechResult;
  format: AudioFormat;
  /** How raw PCM was read when the take was made, so a replay sounds the same after the setting changes. */
  pcmFormat: PcmFormat;
  audio: KeptAudio;
  /** A long text sent in parts and joined into this one audio: where each part starts. */
  parts?: TakePart[];
  /** What the loudness setting did to this take when it was made (absent when the setting was off). */
  loudness?: LoudnessNote;
};

/** A take brought to a loudness target (its level before, and after as measured), or why it was not. */
export type LoudnessNote =
  | { normalized: true; targetLufs: number; fromLufs: number; lufs: number; truePeakDbtp: number; limitedByPeak: boolean }
  | { normalized: false; targetLufs: number; reason: 'mp3' | 'bits' | 'unreadable' };

export type TakePart = {
  text: string;
  startMs: number;
  taskId: string;
  /** How many times this part was made again and rejoined ("redo one part"); absent when never. */
  redone?: number;
};

/** A take ready to play: its audio when the page could read it (a Blob: megabytes never pass through JavaScript). */
export type LoadedTake = { take: Take; audio: Blob | null };

export function newTakeId(): string {
  return typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
