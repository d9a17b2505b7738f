import { memo } from 'react';
import { useT } from '@/hooks/use-t';
import { useFormat } from '@/hooks/use-format';
import { type Transition, statusName } from '../task';
import { useClock } from '@/hooks/use-now';
import styles from './board.module.css';

const SHOWN = 8;

/** A transition's time as the operator chose (relative or absolute, local or UTC); the exact time and its zone on hover. */
function FeedTime({ at }: { at: number }) {
  const f = useFormat();
  // Re-rendered only when its text changes, not on every clock tick.
  const text = useClock((now) => f.when(at, now));
  return (
    <time dateTime={new Date(at).toISOString()} title={`${f.dateTime(at)} (${f.zoneLabel()})`}>
      {text}
    </time>
  );
}

/** Memoized, and only each entry's time follows the clock: the list itself renders when a transition arrives. */
export const TransitionsFeed = memo(function TransitionsFeed({ transitions }: { transitions: readonly Transition[] }) {
  const t = useT();
  return (
    <section className={styles.transitions} aria-labelledby="transitions-title">
      <h2 id="transitions-title">{t('tasks.feed.title')}</h2>
      {transitions.length === 0 ? (
        <p className={styles.hint}>{t('tasks.feed.empty')}</p>
      ) : (
        <ol>
          {transitions.slice(0, SHOWN).map((tr) => (
            <li key={`${tr.taskId}-${tr.at}-${tr.to}`}>
              <code>{tr.taskId}</code> {statusName(tr.from)} → <strong>{statusName(tr.to)}</strong> <FeedTime at={tr.at} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
});
