import { describe, expect, it } from 'vitest';
import { argumentNames, formatParts } from './message-format';

const text = (message: string, values: Record<string, string | number>, locale = 'en') => formatParts(message, values, locale).join('');
const TASKS = '{count, plural, =0 {No tasks} one {# task} other {# tasks}} in {list}';

describe('formatParts', () => {
  it('fills placeholders, grouping numbers for the locale and leaving strings as they are', () => {
    expect(text('Saved “{name}”.', { name: 'Staging' })).toBe('Saved “Staging”.');
    expect(text('{n} rows, code {code}', { n: 12000, code: '10091' })).toBe('12,000 rows, code 10091');
  });

  it('picks the plural form by Intl.PluralRules, exact matches first, # as the formatted count', () => {
    expect(text(TASKS, { count: 0, list: 'A' })).toBe('No tasks in A');
    expect(text(TASKS, { count: 1, list: 'A' })).toBe('1 task in A');
    expect(text(TASKS, { count: 1500, list: 'A' })).toBe('1,500 tasks in A');
    // Chinese has one form, "other".
    expect(text('{count, plural, other {# 个任务}}', { count: 1 }, 'zh-CN')).toBe('1 个任务');
  });

  it('allows a placeholder inside a plural option', () => {
    expect(text('{count, plural, one {# task of {total}} other {# tasks of {total}}}', { count: 2, total: 5 })).toBe('2 tasks of 5');
  });

  it('returns a value that is not text as its own piece, between the texts', () => {
    const link = { link: true };
    expect(formatParts('{link} and enter the gateway.', { link }, 'en')).toEqual(['', link, ' and enter the gateway.']);
  });
});

describe('argumentNames', () => {
  it('lists placeholders and plural arguments, nested ones included', () => {
    expect(argumentNames(TASKS)).toEqual(['count', 'list']);
    expect(argumentNames('{count, plural, one {# of {total}} other {# of {total}}}')).toEqual(['count', 'total']);
    expect(argumentNames('no arguments')).toEqual([]);
  });
});
