import { useFormat } from '@/i18n/use-format';
import { useClock } from '../../hooks/use-now';

/** A moment as the time setting says ("12 seconds ago", or the date and time) as a <time>: re-rendered only when its text changes, not on every clock tick. */
export function RelativeTime({ at, title }: { at: number; title: string }) {
  const f = useFormat();
  const text = useClock((now) => f.when(at, now));
  return (
    <time dateTime={new Date(at).toISOString()} title={title}>
      {text}
    </time>
  );
}
