import { afterEach, describe, expect, it } from 'vitest';
import { loadAllNamespaces, setLocale, t } from '@/i18n/i18n-store';
import { parseQuery } from './language/parse-query';
import type { QueryErrorCode } from './language/query-errors';
import { queryErrorText } from './query-error-text';

/** A query that makes each error code (docs/query-language.md's table). */
const MAKES: Record<QueryErrorCode, string> = {
  unknownQualifier: 'stauts:failed',
  unknownValue: 'status:flied',
  missingValue: 'code:',
  emptyListItem: 'code:3001,,3002',
  badNumber: 'progress:abc',
  outOfRange: 'progress:150',
  badDuration: 'updated:<10x',
  comparisonNeeded: 'age:10m',
  comparisonNotAllowed: 'status:<3',
  notAList: 'stalled:yes,no',
  unclosedQuote: '"abc',
  danglingNegation: '- abc',
  duplicateSort: 'sort:list sort:status',
  negatedSort: '-sort:list',
  tooManyParts: Array.from({ length: 51 }, (_, i) => `x${i}`).join(' '),
  queryTooLong: 'x'.repeat(2_001),
  valueTooLong: `id:${'a'.repeat(129)}`,
};

const textOf = (query: string) => {
  const { errors } = parseQuery(query);
  expect(errors.length).toBeGreaterThan(0);
  return errors.map((e) => queryErrorText(e, t)).join(' ');
};

afterEach(() => setLocale('en'));

describe('queryErrorText', () => {
  it.each(Object.entries(MAKES))('words %s in both languages, every placeholder filled', async (code, query) => {
    expect(parseQuery(query).errors.map((e) => e.code)).toContain(code);
    const en = textOf(query);
    expect(en).not.toMatch(/[{}]|tasks\.query/);
    await loadAllNamespaces('zh-CN');
    await setLocale('zh-CN');
    const zh = textOf(query);
    expect(zh).not.toMatch(/[{}]|tasks\.query/);
    expect(zh).toMatch(/[\u4e00-\u9fff]/);
  });

  it('says a duration past its bound as a year, not in milliseconds', () => {
    expect(textOf('updated:<400d')).toBe('updated: “<400d” is longer than a year.');
    expect(textOf('progress:150')).toBe('progress: “150” is outside 0–100.');
  });

  it('says how long a query or a value is, the limit and how much over', () => {
    expect(textOf('x'.repeat(33_000))).toBe(
      'The query is 33,000 characters long, 31,000 over the limit of 2,000: none of it is applied and every task is shown. Shorten it (what you typed stays in the box).',
    );
    expect(textOf(`abc ${'Service_AI_'.repeat(20)}`)).toBe(
      '“Service_AI_Service_AI_Se…” is 220 characters long, 92 over the limit of 128 for a value (the longest task ID): this term is left out.',
    );
  });
});
