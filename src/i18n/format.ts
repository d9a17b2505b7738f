/**
 * Numbers, sizes, durations, dates and relative times through Intl, for one locale. Formatter
 * instances are cached per locale and options: building one costs far more than using it, and the
 * dashboard formats thousands of rows. Components take these bound to the operator's locale and
 * time setting from useFormat() (./use-format.ts).
 */
const formatters = new Map<string, unknown>();
/** A formatter per `id` (kind, locale and what of the options matter), made once. */
function cachedBy<T>(id: string, make: () => T): T {
  let formatter = formatters.get(id) as T | undefined;
  if (!formatter) formatters.set(id, (formatter = make()));
  return formatter;
}
/**
 * Options objects the code passes again and again (module constants, a caller's own) keep their key: writing the key
 * with JSON.stringify on every call was the formatters' dearest part while the table scrolls (27.6 ms of a scroll
 * run's profile at 100,000 tasks, more than the formatting itself).
 */
const optionKeys = new WeakMap<object, string>();
function keyOf(options: object): string {
  let key = optionKeys.get(options);
  if (key === undefined) optionKeys.set(options, (key = JSON.stringify(options)));
  return key;
}
const cached = <T>(kind: string, locale: string, options: object, make: () => T): T =>
  cachedBy(`${kind}|${locale}|${keyOf(options)}`, make);
const NO_OPTIONS: Intl.NumberFormatOptions = {};
const numberFormat = (locale: string, options: Intl.NumberFormatOptions = NO_OPTIONS) =>
  cached('n', locale, options, () => new Intl.NumberFormat(locale, options));

/** How times are shown: relative ("3 min ago") or absolute, in local time or UTC. Kept like the language (./time-setting.ts). */
export type TimeSetting = { display: 'relative' | 'absolute'; zone: 'local' | 'utc' };

/** 12000 → "12,000" (en), "12,000" (zh-CN); fractions keep up to `maximumFractionDigits` (default 3). */
export const formatNumber = (locale: string, n: number, options?: Intl.NumberFormatOptions): string =>
  numberFormat(locale, options).format(n);

/** 0.425 → "42.5%" (a ratio, not a percentage). */
export const formatPercent = (locale: string, ratio: number, maximumFractionDigits = 1): string =>
  cachedBy(`%|${locale}|${maximumFractionDigits}`, () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits })).format(
    ratio,
  );

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
/** 1500 → "1.5 kB": decimal steps (the unit names are the SI ones: Intl has no KiB), one decimal. */
export function formatBytes(locale: string, bytes: number): string {
  let unit = 0;
  let value = bytes;
  while (Math.abs(value) >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  // "512 bytes"/"512字节" (the short form says "512 byte"), "1.5 kB".
  const unitDisplay = unit ? 'short' : 'long';
  return cachedBy(
    `b|${locale}|${unit}`,
    () => new Intl.NumberFormat(locale, { style: 'unit', unit: BYTE_UNITS[unit], unitDisplay, maximumFractionDigits: unit ? 1 : 0 }),
  ).format(value);
}

/** 200_000 ms → "3 min 20 sec" / "3分钟 20秒": the two largest units, whole seconds. */
export function formatDuration(locale: string, ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const [big, small] = s < 60 ? [s, -1] : s < 3600 ? [Math.floor(s / 60), s % 60] : [Math.floor(s / 3600), Math.floor((s % 3600) / 60)];
  const [bigUnit, smallUnit] = s < 60 ? ['second', ''] : s < 3600 ? ['minute', 'second'] : ['hour', 'minute'];
  const unit = (u: string, n: number) =>
    cachedBy(`u|${locale}|${u}`, () => new Intl.NumberFormat(locale, { style: 'unit', unit: u, unitDisplay: 'short' })).format(n);
  return small > 0 ? `${unit(bigUnit, big)} ${unit(smallUnit, small)}` : unit(bigUnit, big);
}

const zoneOption = (zone: TimeSetting['zone']): Intl.DateTimeFormatOptions => (zone === 'utc' ? { timeZone: 'UTC' } : {});

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };
const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };

/** A date and time ("Nov 26, 2026, 1:05:09 AM" / "2026年11月26日 01:05:09"), in local time or UTC. */
export const formatDateTime = (
  locale: string,
  at: number,
  zone: TimeSetting['zone'],
  options: Intl.DateTimeFormatOptions = DATE_TIME,
): string =>
  // Keyed by the options object and the zone: no options object is merged and written out on each call.
  cachedBy(`d|${locale}|${zone}|${keyOf(options)}`, () => new Intl.DateTimeFormat(locale, { ...options, ...zoneOption(zone) })).format(at);

/** A time of day, hours and minutes ("1:05 AM" / "01:05"). */
export const formatClock = (locale: string, at: number, zone: TimeSetting['zone']): string => formatDateTime(locale, at, zone, CLOCK);

const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', Infinity],
];
/**
 * Seconds a changing time is said in steps of: "5 seconds ago" up to 9 s, then "10 seconds ago"; an ETA counts down the
 * same (docs/decisions/performance.md).
 */
export const SECOND_STEP = 5;
/**
 * at vs now → "3 minutes ago", "in 2 minutes", "3分钟前", "2分钟后"; under 5 s "now"/"现在". Each unit is cut down to
 * what has fully passed (1 min 50 s is "1 minute ago"), seconds to a 5 s step: a shown time changes once in 5 s, not
 * every second (each changed text costs the page a layout and paint).
 */
export function formatRelative(locale: string, at: number, now: number): string {
  const format = cachedBy(`r|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  let value = (at - now) / 1000;
  if (Math.abs(value) < SECOND_STEP) return format.format(0, 'second');
  if (Math.abs(value) < 60) return format.format(Math.trunc(value / SECOND_STEP) * SECOND_STEP, 'second');
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(value) < size) return format.format(Math.trunc(value), unit);
    value /= size;
  }
  return format.format(Math.trunc(value), 'day');
}

/** A moment as the operator chose: relative to now, or absolute (local time or UTC). */
export const formatWhen = (locale: string, setting: TimeSetting, at: number, now: number): string =>
  setting.display === 'relative' ? formatRelative(locale, at, now) : formatDateTime(locale, at, setting.zone);

/**
 * The browser's zone, read once: building a default Intl.DateTimeFormat to ask was 0.85 ms of every poll update at
 * 100,000 tasks (the change feed's times and the charts' captions render with each update).
 */
let localZone: string | undefined;

/** The zone times are written in, for exports and tooltips: "UTC", or the browser's zone ("Asia/Shanghai"). */
export const timeZoneLabel = (zone: TimeSetting['zone']): string =>
  zone === 'utc' ? 'UTC' : (localZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);

/** ['a', 'b', 'c'] → "a, b, and c" / "a、b和c". */
export const formatList = (locale: string, items: readonly string[]): string =>
  cachedBy(`l|${locale}`, () => new Intl.ListFormat(locale, { type: 'conjunction' })).format(items as string[] as never);
