import type { Take } from '../take';
import { audioFileName } from '../audio';
import { takeCues, type TakeCues } from './subtitle-cues';
import { toSrt, toVtt } from './subtitle-formats';

export type SubtitleKind = 'srt' | 'vtt';

/** The take's cues: its segments (a joined take's are on the joined clock), else estimated from its sentences over `durationMs`. */
export const cuesOfTake = (take: Take, durationMs: number): TakeCues =>
  takeCues({ speeches: take.result.speeches, text: take.request.sourceText, durationMs, parts: take.parts });

/** A subtitle file named like the take's audio ("…_AI1234.srt"), its text, and its MIME type. */
export function subtitleFile(take: Take, cues: TakeCues, kind: SubtitleKind): { name: string; blob: Blob } {
  const name = audioFileName(take.request, take.result.taskId, take.format).replace(/\.[a-z0-9]+$/, `.${kind}`);
  const blob =
    kind === 'srt'
      ? new Blob([toSrt(cues.cues)], { type: 'application/x-subrip;charset=utf-8' })
      : new Blob([toVtt(cues.cues)], { type: 'text/vtt;charset=utf-8' });
  return { name, blob };
}
