import { useMemo } from 'react';
import { useLocale } from './use-t';
import { useTimeSetting } from './use-time-setting';
import * as f from '@/i18n/format';

/**
 * The formatters of ./format.ts bound to the operator's locale and time setting; the component
 * renders again when either changes. `when(at, now)` follows the time setting; `dateTime(at)` and
 * `clock(at)` are always absolute, in the chosen zone.
 */
export function useFormat() {
  const locale = useLocale();
  const time = useTimeSetting();
  return useMemo(
    () => ({
      locale,
      time,
      number: (n: number, options?: Intl.NumberFormatOptions) => f.formatNumber(locale, n, options),
      percent: (ratio: number, digits?: number) => f.formatPercent(locale, ratio, digits),
      bytes: (n: number) => f.formatBytes(locale, n),
      duration: (ms: number) => f.formatDuration(locale, ms),
      dateTime: (at: number, options?: Intl.DateTimeFormatOptions) => f.formatDateTime(locale, at, time.zone, options),
      clock: (at: number) => f.formatClock(locale, at, time.zone),
      relative: (at: number, now: number) => f.formatRelative(locale, at, now),
      when: (at: number, now: number) => f.formatWhen(locale, time, at, now),
      list: (items: readonly string[]) => f.formatList(locale, items),
      zoneLabel: () => f.timeZoneLabel(time.zone),
    }),
    [locale, time],
  );
}
