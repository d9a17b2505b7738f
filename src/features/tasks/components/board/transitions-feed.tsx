import { isKnownTaskStatus } from '@/contract';
import { taskStatusLabel } from '@/i18n/labels/task-labels';
import type { Transition } from '../../model/task-snapshot';
import { memo } from 'react';
import { formatExact } from '@/lib/format-time';
import { RelativeTime } from '../clock/relative-time';
import page from '../tasks-page.module.css';
import styles from '../board.module.css';

const SHOWN = 8;
const name = (s: number | null) => (s === null ? 'Not found' : isKnownTaskStatus(s) ? taskStatusLabel(s) : `Status ${s}`);

/** Memoized, and only each entry's time follows the clock: the list itself renders when a transition arrives. */
export const TransitionsFeed = memo(function TransitionsFeed({ transitions }: { transitions: readonly Transition[] }) {
  return (
    <section className={styles.transitions} aria-labelledby="transitions-title">
      <h2 id="transitions-title">Recent changes</h2>
      {transitions.length === 0 ? (
        <p className={page.hint}>Status changes of watched tasks show up here.</p>
      ) : (
        <ol>
          {transitions.slice(0, SHOWN).map((t) => (
            <li key={`${t.taskId}-${t.at}-${t.to}`}>
              <code>{t.taskId}</code> {name(t.from)} → <strong>{name(t.to)}</strong> <RelativeTime at={t.at} title={formatExact(t.at)} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
});
