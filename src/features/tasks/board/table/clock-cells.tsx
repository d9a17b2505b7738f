import { useMemo } from 'react';
import { type MessageKey, type Translate } from '@/i18n/i18n-store';
import { useT } from '@/hooks/use-t';
import { useFormat } from '@/hooks/use-format';
import {
  looksLikeSeconds,
  timeVerdict,
  etaAsSaid,
  etaReading,
  type EtaReading,
  type Freshness,
  isStalled,
  type TaskSnapshot,
} from '../../task';
import type { WatchedTask } from '../../rows';
import { useClock } from '@/hooks/use-now';
import { StatusBadge } from './task-status-cell';

// The table's cells that change with the clock, each on its own: a tick re-renders these (when their text
// changes), not the whole row with its checkbox and buttons (React writes an input's type and name on every render).

export function StatusCell({ row, stallMs }: { row: WatchedTask; stallMs: number }) {
  const stalled = useClock((now) => isStalled(row.snapshot, now, stallMs));
  return <StatusBadge row={row} stalled={stalled} />;
}

type EtaWhyNot = Exclude<EtaReading['kind'], 'remaining' | 'none'>;
/** What an empty ETA says instead of a number. */
const WHY_NOT: Record<EtaWhyNot, MessageKey> = {
  estimating: 'tasks.table.etaEstimating',
  'not-moving': 'tasks.table.etaNotMoving',
  stalled: 'tasks.table.stalledEta',
  'odd-progress': 'tasks.table.etaOddProgress',
};

type Format = ReturnType<typeof useFormat>;

/** An ETA in words, in its 5 s steps (etaAsSaid). */
const etaDuration = (ms: number, f: Format) => f.duration(etaAsSaid(ms));

const etaText = (snapshot: TaskSnapshot | undefined, now: number, stallMs: number, t: Translate, f: Format) => {
  const reading = etaReading(snapshot, now, stallMs);
  switch (reading.kind) {
    case 'none':
      return null;
    case 'remaining':
      return reading.ms === 0 ? t('tasks.table.anyMoment') : t('tasks.table.etaAbout', { duration: etaDuration(reading.ms, f) });
    default:
      return t(WHY_NOT[reading.kind]);
  }
};

type Frozen = Exclude<Freshness, 'live'>;
/** What a frozen ETA says, by why it is frozen: updates failing ("stale") or automatic checks off ("checks off"). */
const FROZEN: Record<Frozen, { about: MessageKey; anyMoment: MessageKey; none: MessageKey }> = {
  stale: { about: 'tasks.table.etaStale', anyMoment: 'tasks.table.etaStaleAnyMoment', none: 'tasks.table.etaStaleNone' },
  paused: { about: 'tasks.table.etaPaused', anyMoment: 'tasks.table.etaPausedAnyMoment', none: 'tasks.table.etaPausedNone' },
};

/**
 * While status updates fail or checks are off, the ETA as it stood at the task's last good check, said to be so and
 * from when: it does not count down on data the console no longer has (a number from 14:02 that kept counting read
 * as fresh).
 */
const frozenEtaText = (snapshot: TaskSnapshot | undefined, why: Frozen, stallMs: number, t: Translate, f: Format) => {
  if (!snapshot) return null;
  const reading = etaReading(snapshot, snapshot.checkedAt, stallMs);
  const time = f.clock(snapshot.checkedAt);
  const words = FROZEN[why];
  switch (reading.kind) {
    case 'none':
      return null;
    case 'remaining':
      return reading.ms === 0 ? t(words.anyMoment, { time }) : t(words.about, { duration: etaDuration(reading.ms, f), time });
    default:
      return t(words.none);
  }
};

/** `freshness`: whether the data is checked on schedule, its updates failing (the stale banner is up), or checks off. */
export function EtaText({ snapshot, stallMs, freshness }: { snapshot: TaskSnapshot | undefined; stallMs: number; freshness: Freshness }) {
  const t = useT();
  const f = useFormat();
  return useClock((now) =>
    freshness === 'live' ? etaText(snapshot, now, stallMs, t, f) : frozenEtaText(snapshot, freshness, stallMs, t, f),
  );
}

type Stamp = { iso: string; title: string };
/** Most stamps kept per formatter: more than the rows a scroll passes over and back, and a few hundred kB at most. */
const MAX_STAMPS = 2_000;
const stamps = new WeakMap<Format, Map<number, Stamp>>();
/**
 * A time's `datetime` and title (the exact time), made once per time and formatter (locale and time setting) rather than on every mount and every
 * clock tick of the cell: a row scrolled back into view, or a live row whose "12 seconds ago" moves on, formats nothing again.
 */
function stampOf(raw: number, f: Format): Stamp {
  let byTime = stamps.get(f);
  if (!byTime) stamps.set(f, (byTime = new Map()));
  let stamp = byTime.get(raw);
  if (!stamp) {
    if (byTime.size >= MAX_STAMPS) byTime.clear();
    byTime.set(raw, (stamp = { iso: new Date(raw).toISOString(), title: f.dateTime(raw) }));
  }
  return stamp;
}

/**
 * The gateway's updateTime as the time setting says ("12 seconds ago", or the date and time in local time or UTC;
 * the exact time in the title) for a time that can be true; for one that cannot (before 2000, beyond an hour ahead
 * of this clock, not a number) "time out of range (raw …)", never "66226241 days ago".
 */
export function UpdatedTime({ raw }: { raw: number }) {
  const t = useT();
  const f = useFormat();
  const odd = useClock((now) => {
    const verdict = timeVerdict(raw, now);
    return 'odd' in verdict ? (looksLikeSeconds(raw, now) ? 'seconds' : 'odd') : null;
  });
  const text = useClock((now) => (odd === null ? f.when(raw, now) : ''));
  const stamp = useMemo(() => (odd === null ? stampOf(raw, f) : null), [odd, raw, f]);
  if (stamp === null) {
    return (
      <span title={t('tasks.table.timeOddWhy')}>
        {t(odd === 'seconds' ? 'tasks.table.timeOddSeconds' : 'tasks.table.timeOdd', { raw: String(raw) })}
      </span>
    );
  }
  return (
    <time dateTime={stamp.iso} title={stamp.title}>
      {text}
    </time>
  );
}
