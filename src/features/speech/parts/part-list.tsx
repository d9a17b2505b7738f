import { useRef, useState } from 'react';
import type { TakePart } from '../take';
import { formatSeconds } from '@/lib/format';
import { useT } from '@/hooks/use-t';
import { RedoPartForm } from './redo-part-form';
import { RedoPartFailure } from './redo-part-error';
import styles from './parts.module.css';

/** Redo one part: what the list needs of useRedoPart. */
export type PartRedo = {
  redo: (index: number, text?: string) => Promise<unknown>;
  pendingIndex: number | null;
  failedIndex: number | null;
  error: unknown;
};

type Props = {
  parts: readonly TakePart[];
  currentTime: number;
  onSeek: (seconds: number) => void;
  redo?: PartRedo;
  /** The take's language (for the pronunciation rules applied to an edited part). */
  language?: string | undefined;
};

/** Where each part of a long text starts in the joined audio; a click plays from there. Each part can be made again. */
export function PartList({ parts, currentTime, onSeek, redo, language }: Props) {
  const ms = currentTime * 1000;
  const t = useT();
  const playing = parts.findLastIndex((p) => p.startMs <= ms);
  const [editing, setEditing] = useState<number | null>(null);
  // The part whose Redo button takes focus as it comes back (its form gone): focused as it mounts, not a frame later,
  // which under load could come before React had put the button back.
  const focusOnReturn = useRef<number | null>(null);
  const backTo = (i: number) => {
    focusOnReturn.current = i;
    setEditing(null);
  };
  const submit = (i: number, text: string) => {
    if (!redo) return;
    redo
      .redo(i, text === parts[i]!.text ? undefined : text)
      .then(() => {
        // The form goes with the redo done: focus waits on the part's own Redo button.
        backTo(i);
      })
      // The failure is shown in the form (role alert); focus stays where it is.
      .catch(() => undefined);
  };
  return (
    <section aria-labelledby="parts-title">
      <h3 id="parts-title">{t('speech.parts.title', { count: parts.length })}</h3>
      <ol className={styles.segmentList} aria-label={t('speech.parts.list')}>
        {parts.map((p, i) => (
          <li
            key={i}
            className={i === playing ? `${styles.segment} ${styles.isPlaying}` : styles.segment}
            aria-current={i === playing ? 'true' : undefined}
          >
            <div className={styles.partRow}>
              <button type="button" onClick={() => onSeek(p.startMs / 1000)}>
                <span className={styles.segmentTime}>{formatSeconds(p.startMs / 1000)}</span>{' '}
                <span>{t('speech.parts.part', { n: i + 1, text: p.text.length > 140 ? `${p.text.slice(0, 140)}…` : p.text })}</span>
                {p.redone ? (
                  <span className={`badge ${styles.redone}`}>
                    {p.redone > 1 ? t('speech.takes.redoneTimes', { count: p.redone }) : t('speech.takes.redone')}
                  </span>
                ) : null}
              </button>
              {redo && editing !== i && (
                <button
                  type="button"
                  className={styles.redoButton}
                  ref={(el) => {
                    if (el && focusOnReturn.current === i) {
                      focusOnReturn.current = null;
                      el.focus();
                    }
                  }}
                  onClick={() => setEditing(i)}
                >
                  {t('speech.takes.redo', { n: i + 1 })}
                </button>
              )}
              {redo && editing === i && (
                <>
                  <RedoPartForm
                    n={i + 1}
                    text={p.text}
                    language={language}
                    pending={redo.pendingIndex === i}
                    onSubmit={(text) => submit(i, text)}
                    onCancel={() => backTo(i)}
                  />
                  {redo.failedIndex === i && redo.pendingIndex === null && <RedoPartFailure n={i + 1} error={redo.error} />}
                </>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
