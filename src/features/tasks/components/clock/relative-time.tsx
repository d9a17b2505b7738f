import { formatRelative } from '@/lib/format-time';
import { useClock } from '../../hooks/use-now';

/** "12 s ago" as a <time>: re-rendered only when its text changes, not on every clock tick. */
export function RelativeTime({ at, title }: { at: number; title: string }) {
  const text = useClock((now) => formatRelative(at, now));
  return (
    <time dateTime={new Date(at).toISOString()} title={title}>
      {text}
    </time>
  );
}
