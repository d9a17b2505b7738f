import { useEffect, useRef } from 'react';
import { useT } from '@/hooks/use-t';
import type { AudioClock } from '../player';
import { useRedoPart } from './use-redo-part';
import type { LoadedTake } from '../take';
import { PartList } from './part-list';
import page from '../speech-page.module.css';

type Props = { loaded: LoadedTake; clock: AudioClock; onSeek: (seconds: number) => void; onRedone: (loaded: LoadedTake) => void };

/** The parts of a joined take, each of which can be made again; once the new audio is in the player it plays from the redone part. */
export function RedoableParts({ loaded, clock, onSeek, onRedone }: Props) {
  const pending = useRef<{ index: number; emptied: boolean } | null>(null);
  const redo = useRedoPart(loaded, (next, index) => {
    pending.current = { index, emptied: false };
    onRedone(next);
  });
  // The element empties when its source is replaced, then learns the new duration: then seek (after its own position keeping).
  useEffect(() => {
    const p = pending.current;
    if (!p) return;
    if (clock.duration === 0) p.emptied = true;
    else if (p.emptied) {
      pending.current = null;
      onSeek((loaded.take.parts?.[p.index]?.startMs ?? 0) / 1000);
    }
  }, [clock, loaded, onSeek]);
  const t = useT();
  return (
    <>
      <PartList
        parts={loaded.take.parts ?? []}
        currentTime={clock.currentTime}
        onSeek={onSeek}
        redo={redo}
        language={loaded.take.request.targetLanguage}
      />
      <p role="status" className={page.hint}>
        {redo.doneIndex !== null ? t('speech.takes.redoDone', { n: redo.doneIndex + 1 }) : ''}
      </p>
    </>
  );
}
