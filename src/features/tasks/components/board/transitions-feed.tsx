import { taskStatusName, isKnownTaskStatus } from '@/contract';
import type { Transition } from '../../model/task-snapshot';
import { formatExact, formatRelative } from '@/lib/format-time';
import { useNow } from '../../hooks/use-now';
import page from '../tasks-page.module.css';
import styles from '../board.module.css';

const SHOWN = 8;
const name = (s: number | null) => (s === null ? 'Not found' : isKnownTaskStatus(s) ? taskStatusName[s] : `Status ${s}`);

export function TransitionsFeed({ transitions }: { transitions: readonly Transition[] }) {
  const now = useNow();
  return (
    <section className={styles.transitions} aria-labelledby="transitions-title">
      <h2 id="transitions-title">Recent changes</h2>
      {transitions.length === 0 ? (
        <p className={page.hint}>Status changes of watched tasks show up here.</p>
      ) : (
        <ol>
          {transitions.slice(0, SHOWN).map((t) => (
            <li key={`${t.taskId}-${t.at}-${t.to}`}>
              <code>{t.taskId}</code> {name(t.from)} → <strong>{name(t.to)}</strong>{' '}
              <time dateTime={new Date(t.at).toISOString()} title={formatExact(t.at)}>
                {formatRelative(t.at, now)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
