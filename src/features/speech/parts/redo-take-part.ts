import type { Connection } from '@/lib/connection-profile';
import { RedoPartError } from './redo-failure';
import { type LoadedTake, makeTake } from '../take';
import { normalizeLoadedTake } from '../loudness';

type Deps = { makeTake: typeof makeTake; normalize: typeof normalizeLoadedTake };

/**
 * Part `index` of a joined long take made again (with `text` when it was edited) and rejoined:
 * sent with the take's own request (the part's text in place of the whole), through the same
 * synthesize path as any take; the other parts' audio is kept as it is. The result is the take
 * with its new audio, parts and segments, under the same ID (history replaces it). When a loudness
 * target is set the whole take is brought to it again (the target is for the whole, as heard).
 */
export async function redoTakePart(
  { take, audio }: LoadedTake,
  index: number,
  text: string | undefined,
  connection: Connection,
  targetLufs: number | null,
  signal: AbortSignal,
  deps: Deps = { makeTake, normalize: normalizeLoadedTake },
): Promise<LoadedTake> {
  const part = take.parts?.[index];
  if (!audio || !take.parts || !part) throw new RedoPartError(index, { code: 'noSuchPart', index, parts: take.parts?.length ?? 0 });
  const request = { ...take.request, sourceText: text ?? part.text };
  const made = await deps.makeTake({ connection, request, pcmFormat: take.pcmFormat }, signal);
  if (!made.audio) throw new RedoPartError(index, { code: 'noAudio' });
  // The rejoining logic is its own chunk: most takes are never redone.
  const { redoPart } = await import('./redo-part');
  const redone = await redoPart(
    {
      format: take.format,
      pcmFormat: take.pcmFormat,
      audio,
      parts: take.parts,
      speeches: take.result.speeches ?? [],
      sourceText: take.request.sourceText,
    },
    index,
    {
      format: made.take.format,
      audio: made.audio,
      speeches: made.take.result.speeches ?? [],
      taskId: made.take.result.taskId,
      text: text === undefined || text === part.text ? undefined : text,
    },
  );
  if (!redone.ok) throw new RedoPartError(index, redone.error);
  const { loudness: _previous, ...rest } = take;
  const next: LoadedTake = {
    take: {
      ...rest,
      request: { ...take.request, sourceText: redone.sourceText },
      result: { ...take.result, speeches: redone.speeches },
      parts: redone.parts,
      audio: { kept: true, contentType: redone.audio.type, byteLength: redone.audio.size },
    },
    audio: redone.audio,
  };
  return deps.normalize(next, targetLufs);
}
