import type { Translate } from '@/i18n/i18n-store';
import type { QueryError } from './language/query-errors';

/** A list of the grammar's words (qualifier names, values, units): code, never translated, joined as the language joins. */
const words = (t: Translate, items: readonly string[]) => items.join(t('tasks.report.sep'));

const didYouMean = (t: Translate, suggestion: string | null) =>
  suggestion === null ? '' : ` ${t('tasks.query.error.didYouMean', { suggestion })}`;

/** Durations are checked against a year (MAX_DURATION_MS): said as "longer than a year", not in ms. */
const DURATION_QUALIFIERS: ReadonlySet<string> = new Set(['age', 'updated', 'eta']);

/** How much of a long value the message quotes (whole characters: a pair of surrogates is not split). */
const QUOTED_START = 24;
const startOf = (value: string) => {
  const chars = Array.from(value.slice(0, QUOTED_START * 2));
  return chars.length > QUOTED_START || value.length > QUOTED_START * 2 ? `${chars.slice(0, QUOTED_START).join('')}…` : value;
};

/** One query error in the UI language (docs/query-language.md has the English wording of each code). */
export function queryErrorText(error: QueryError, t: Translate): string {
  switch (error.code) {
    case 'unknownQualifier':
      return (
        t('tasks.query.error.unknownQualifier', { qualifier: error.qualifier, allowed: words(t, error.allowed) }) +
        didYouMean(t, error.suggestion)
      );
    case 'unknownValue':
      return (
        t('tasks.query.error.unknownValue', { qualifier: error.qualifier, value: error.value, allowed: words(t, error.allowed) }) +
        didYouMean(t, error.suggestion)
      );
    case 'missingValue':
    case 'emptyListItem':
    case 'notAList':
      return t(`tasks.query.error.${error.code}`, { qualifier: error.qualifier });
    case 'badNumber':
    case 'comparisonNotAllowed':
      return t(`tasks.query.error.${error.code}`, { qualifier: error.qualifier, value: error.value });
    case 'outOfRange':
      return DURATION_QUALIFIERS.has(error.qualifier)
        ? t('tasks.query.error.outOfRangeDuration', { qualifier: error.qualifier, value: error.value })
        : t('tasks.query.error.outOfRange', { qualifier: error.qualifier, value: error.value, min: error.min, max: error.max });
    case 'badDuration':
      return t('tasks.query.error.badDuration', { qualifier: error.qualifier, value: error.value, units: words(t, error.units) });
    case 'comparisonNeeded':
      return t('tasks.query.error.comparisonNeeded', {
        qualifier: error.qualifier,
        value: error.value,
        examples: words(t, error.examples),
      });
    case 'unclosedQuote':
    case 'danglingNegation':
    case 'duplicateSort':
    case 'negatedSort':
      return t(`tasks.query.error.${error.code}`);
    case 'tooManyParts':
      return t('tasks.query.error.tooManyParts', { max: error.max });
    case 'queryTooLong':
      return t('tasks.query.limit.queryTooLong', { length: error.length, over: error.length - error.max, max: error.max });
    case 'valueTooLong':
      return t('tasks.query.limit.valueTooLong', {
        start: startOf(error.value),
        length: error.length,
        over: error.length - error.max,
        max: error.max,
      });
  }
}
