import { memo, useCallback, useEffect, useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { updateDashboardSettings, type DashboardSettings } from './dashboard-settings-store';
import { backoffDelay, INTERVAL_CHOICES_MS } from './poll-schedule';
import { failuresInARow } from './poll-watch-list';
import { STALL_CHOICES_MS } from './stall-choices';
import { useT } from '@/hooks/use-t';
import { useFormat } from '@/hooks/use-format';
import type { TaskBoard } from '../task';
import { useActiveConnection } from '@/hooks/use-connection';
import { useClock } from '@/hooks/use-now';
import { scheduledPace, type WaitingCounts } from './poll-pace';
import styles from './polling.module.css';

type Props = { poll: UseQueryResult<TaskBoard>; settings: DashboardSettings; waiting: WaitingCounts; onRefresh: () => void };

export { StaleBanner } from './stale-banner';

/**
 * True once `on` has stayed true for `ms`: a steady cycle's ~100 ms would otherwise blink "Checking…"
 * and the button every 2 s, each blink a frame of its own (style, layout, paint) besides the update's.
 */
function useLasting(on: boolean, ms: number): boolean {
  const [lasted, setLasted] = useState(false);
  useEffect(() => {
    if (!on) return;
    const timer = setTimeout(() => setLasted(true), ms);
    return () => {
      clearTimeout(timer);
      setLasted(false);
    };
  }, [on, ms]);
  return on && lasted;
}

/** How long a check runs before the line says "Checking…" and Refresh now waits for it. */
export const BUSY_SHOWN_AFTER_MS = 300;

export function PollControls({ poll, settings, waiting, onRefresh }: Props) {
  const t = useT();
  const f = useFormat();
  const busy = useLasting(poll.isFetching, BUSY_SHOWN_AFTER_MS);
  const board = poll.data;
  const failures = failuresInARow(poll);
  const retryAt = poll.errorUpdatedAt + backoffDelay(failures, settings.intervalMs);
  const polledAt = board?.polledAt ?? 0;
  // Read from the clock as text: the line renders again when its words change, not on every tick.
  const pace = scheduledPace(waiting, settings.intervalMs, t, f.duration);
  const checked = waiting.live + waiting.notFound + waiting.awaitingUrl > 0 && settings.intervalMs > 0;
  // The poller asks nothing without a user ID (use-watch-list-poll.ts): the line must not say it checks.
  const noUserId = useActiveConnection().userId === '';
  const state = useClock((now) =>
    busy
      ? t('tasks.poll.checking')
      : noUserId
        ? t('tasks.poll.noUserId')
        : !checked
          ? pace
          : failures > 0
            ? t('tasks.poll.backoff', { count: failures, duration: f.duration(Math.max(0, retryAt - now)) })
            : t(settings.notify ? 'tasks.poll.everyPage' : 'tasks.poll.visible', { pace }),
  );
  // As the time setting says: "5 seconds ago", or the date and time.
  const lastUpdate = useClock((now) => (polledAt > 0 ? f.when(polledAt, now) : ''));
  // The choices' names (a new function per locale: the memoized selects render again on a switch).
  const intervalLabel = useCallback((ms: number) => (ms === 0 ? t('tasks.poll.off') : f.duration(ms)), [t, f]);
  return (
    <div className={styles.pollControls}>
      <SettingSelect
        label={t('tasks.poll.every')}
        setting="intervalMs"
        value={settings.intervalMs}
        choices={INTERVAL_CHOICES_MS}
        name={intervalLabel}
      />
      <button type="button" onClick={onRefresh} disabled={busy}>
        {t('tasks.poll.refresh')}
      </button>
      <SettingSelect
        label={t('tasks.poll.stallAfter')}
        setting="stallMs"
        value={settings.stallMs}
        choices={STALL_CHOICES_MS}
        name={f.duration}
      />
      <p className={styles.pollState}>
        {state}
        {board && lastUpdate && t('tasks.poll.last', { when: lastUpdate, count: board.requests })}
      </p>
    </div>
  );
}

type SettingSelectProps = {
  label: string;
  setting: 'intervalMs' | 'stallMs';
  value: number;
  choices: readonly number[];
  name: (ms: number) => string;
};

// Memoized (its props are the value and module constants): the controls render as each cycle starts and ends, and
// React walks a <select>'s options on each render.
const SettingSelect = memo(function SettingSelect({ label, setting, value, choices, name }: SettingSelectProps) {
  return (
    <label>
      {label}{' '}
      <select value={value} onChange={(e) => updateDashboardSettings({ [setting]: Number(e.target.value) })}>
        {choices.map((ms) => (
          <option key={ms} value={ms}>
            {name(ms)}
          </option>
        ))}
      </select>
    </label>
  );
});
