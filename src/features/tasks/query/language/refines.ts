import type { Comparison, Term } from './query-ast';
import { printTerm } from './print-query';

// Whether a query keeps only rows another kept (it refines it), so its rows can be found among the other's alone:
// typing a term after others, or more letters of free text, narrows the last result instead of reading 100,000 rows.
// A sufficient test, never a guess: when it says no, the caller reads every row.

const ASCII_ONLY = /^[\0-\x7f]*$/;

/** Whether free text `longer` found in an ID means `shorter` is found there too (case ignored as the match ignores it). */
function textContains(longer: string, shorter: string): boolean {
  if (longer.includes(shorter)) return true;
  // Lower-casing ASCII is the match's fold unit for unit; beyond ASCII only the plain containment above is sure.
  return ASCII_ONLY.test(longer) && ASCII_ONLY.test(shorter) && longer.toLowerCase().includes(shorter.toLowerCase());
}

const subset = <T>(small: readonly T[], big: readonly T[], same: (a: T, b: T) => boolean = Object.is) =>
  small.every((a) => big.some((b) => same(a, b)));

const sameTest = (a: Comparison, b: Comparison) => a.op === b.op && a.value === b.value;

/** Whether every row `narrow` keeps is kept by `wide` (one term each; same print, or a plain term whose list or text narrows). */
function termImplies(narrow: Term, wide: Term): boolean {
  if (printTerm(narrow) === printTerm(wide)) return true;
  // A negated term widens as its own value narrows: left to the print test above.
  if (narrow.negated || wide.negated || narrow.kind !== wide.kind) return false;
  switch (narrow.kind) {
    case 'text':
      return textContains(narrow.text, (wide as typeof narrow).text);
    case 'status':
      return subset(narrow.values, (wide as typeof narrow).values);
    case 'id':
      return subset(narrow.patterns, (wide as typeof narrow).patterns);
    case 'has':
      return subset(narrow.what, (wide as typeof narrow).what);
    case 'number':
    case 'duration': {
      const w = wide as typeof narrow;
      return narrow.field === w.field && subset(narrow.tests, w.tests, sameTest);
    }
    case 'stalled':
      return false;
  }
}

/** Whether query terms `narrow` keep only rows that terms `wide` keep (ANDed: each of wide's is implied by one of narrow's). */
export const refines = (narrow: readonly Term[], wide: readonly Term[]): boolean =>
  wide.every((w) => narrow.some((n) => termImplies(n, w)));
