import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatClock,
  formatDateTime,
  formatDuration,
  formatList,
  formatNumber,
  formatPercent,
  formatRelative,
  formatWhen,
  timeZoneLabel,
} from './format';

const AT = Date.UTC(2026, 10, 26, 1, 5, 9);

describe('format (what Node’s ICU prints; browsers print the same CLDR data)', () => {
  it('groups numbers and formats percents by locale', () => {
    expect(formatNumber('en', 12000)).toBe('12,000');
    expect(formatNumber('zh-CN', 12000)).toBe('12,000');
    expect(formatPercent('en', 0.425)).toBe('42.5%');
  });

  it('names byte sizes in decimal units', () => {
    expect(formatBytes('en', 512)).toBe('512 bytes');
    expect(formatBytes('zh-CN', 512)).toBe('512字节');
    expect(formatBytes('en', 1500)).toBe('1.5 kB');
    expect(formatBytes('zh-CN', 2_500_000)).toBe('2.5 MB');
  });

  it('says durations in the two largest units', () => {
    expect(formatDuration('en', 45_000)).toBe('45 sec');
    expect(formatDuration('en', 200_000)).toBe('3 min 20 sec');
    expect(formatDuration('zh-CN', 200_000)).toBe('3分钟 20秒');
    expect(formatDuration('en', 7_500_000)).toBe('2 hr 5 min');
    expect(formatDuration('en', 180_000)).toBe('3 min');
  });

  it('says relative times both ways, "now" under 5 s', () => {
    const now = AT;
    expect(formatRelative('en', now - 3 * 60_000, now)).toBe('3 minutes ago');
    expect(formatRelative('en', now + 2 * 60_000, now)).toBe('in 2 minutes');
    expect(formatRelative('zh-CN', now - 3 * 60_000, now)).toBe('3分钟前');
    expect(formatRelative('zh-CN', now + 2 * 60_000, now)).toBe('2分钟后');
    expect(formatRelative('en', now - 2_000, now)).toBe('now');
    expect(formatRelative('zh-CN', now - 12_000, now)).toBe('10秒钟前');
    expect(formatRelative('en', now - 2 * 86_400_000, now)).toBe('2 days ago');
  });

  it('says seconds in 5 s steps, so a shown time changes once in 5 s', () => {
    const now = AT;
    const said = [4_999, 5_000, 9_999, 10_000, 14_999, 59_999, 60_000].map((ms) => formatRelative('en', now - ms, now));
    expect(said).toEqual(['now', '5 seconds ago', '5 seconds ago', '10 seconds ago', '10 seconds ago', '55 seconds ago', '1 minute ago']);
    expect(formatRelative('en', now + 12_000, now)).toBe('in 10 seconds');
    const eachSecond = Array.from({ length: 55 }, (_, s) => formatRelative('en', now - (5 + s) * 1_000, now));
    expect(new Set(eachSecond).size).toBe(11);
  });

  it('writes absolute times in UTC when asked, and names the zone', () => {
    expect(formatDateTime('en', AT, 'utc')).toBe('Nov 26, 2026, 1:05:09 AM');
    expect(formatDateTime('zh-CN', AT, 'utc')).toBe('2026年11月26日 01:05:09');
    expect(formatClock('zh-CN', AT, 'utc')).toBe('01:05');
    expect(timeZoneLabel('utc')).toBe('UTC');
    expect(timeZoneLabel('local')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('follows the time setting: relative, or absolute in the chosen zone', () => {
    expect(formatWhen('en', { display: 'relative', zone: 'utc' }, AT - 60_000, AT)).toBe('1 minute ago');
    expect(formatWhen('zh-CN', { display: 'absolute', zone: 'utc' }, AT, AT + 60_000)).toBe('2026年11月26日 01:05:09');
  });

  it('joins lists by locale', () => {
    expect(formatList('en', ['a', 'b', 'c'])).toBe('a, b, and c');
    expect(formatList('zh-CN', ['a', 'b', 'c'])).toBe('a、b和c');
  });
});
