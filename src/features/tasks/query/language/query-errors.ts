/**
 * What can be wrong with a query, as data: the UI words each code through the message catalog
 * (English wording for it: docs/query-language.md). `from`/`to` mark the source range.
 */
export type QueryError = { from: number; to: number } & (
  | { code: 'unknownQualifier'; qualifier: string; allowed: readonly string[]; suggestion: string | null }
  | { code: 'unknownValue'; qualifier: string; value: string; allowed: readonly string[]; suggestion: string | null }
  | { code: 'missingValue'; qualifier: string }
  | { code: 'emptyListItem'; qualifier: string }
  | { code: 'badNumber'; qualifier: string; value: string }
  | { code: 'outOfRange'; qualifier: string; value: string; min: number; max: number }
  | { code: 'badDuration'; qualifier: string; value: string; units: readonly string[] }
  | { code: 'comparisonNeeded'; qualifier: string; value: string; examples: readonly string[] }
  | { code: 'comparisonNotAllowed'; qualifier: string; value: string }
  | { code: 'notAList'; qualifier: string }
  | { code: 'unclosedQuote' }
  | { code: 'danglingNegation' }
  | { code: 'duplicateSort' }
  | { code: 'negatedSort' }
  | { code: 'tooManyParts'; max: number }
  | { code: 'queryTooLong'; max: number; length: number }
  | { code: 'valueTooLong'; max: number; length: number; value: string }
);

export type QueryErrorCode = QueryError['code'];
