import { TaskStatus, type TaskStatusCode } from '@/contract';
import type { StatusGroup } from '../../task';
import type { DurationField, HasWhat, NumberField, SortKey } from './query-ast';

/** Every qualifier, in the order autocomplete offers them. */
export const QUALIFIERS = ['status', 'progress', 'code', 'age', 'updated', 'eta', 'stalled', 'has', 'id', 'sort'] as const;
export type QualifierName = (typeof QUALIFIERS)[number];

/** Other spellings accepted and printed as their qualifier (`seen` is the "first seen"). */
export const QUALIFIER_ALIASES: Readonly<Record<string, QualifierName>> = { seen: 'age' };

/** The qualifiers that make a term (`sort:` orders instead). */
export type TermQualifier = Exclude<QualifierName, 'sort'>;

/** What kind of value each term's qualifier takes: exhaustive, so a new qualifier must say. */
export const TERM_KIND: Record<TermQualifier, 'status' | NumberField | DurationField | 'stalled' | 'has' | 'id'> = {
  status: 'status',
  progress: 'progress',
  code: 'code',
  age: 'age',
  updated: 'updated',
  eta: 'eta',
  stalled: 'stalled',
  has: 'has',
  id: 'id',
};

/** The contract's statuses by their names (TaskStatus), then the states the console adds to a row. */
const CONSOLE_STATES = { waiting: 'waiting', 'not-found': 'not-found', unknown: 'unknown', invalid: 'invalid' } as const;
export const STATUS_VALUES: ReadonlyMap<string, StatusGroup> = new Map<string, StatusGroup>([
  ...(Object.entries(TaskStatus) as [string, TaskStatusCode][]),
  ...(Object.entries(CONSOLE_STATES) as [string, StatusGroup][]),
]);
const STATUS_NAME = new Map<StatusGroup, string>([...STATUS_VALUES].map(([name, group]) => [group, name]));
export const statusValueName = (group: StatusGroup): string => STATUS_NAME.get(group)!;

export const DURATION_UNITS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
export type DurationUnit = keyof typeof DURATION_UNITS;
export const UNIT_NAMES = Object.keys(DURATION_UNITS) as DurationUnit[];
/** Longest duration accepted (a year): beyond it a number stops printing as itself. */
export const MAX_DURATION_MS = 366 * DURATION_UNITS.d;

export const HAS_VALUES: ReadonlyMap<string, HasWhat> = new Map<string, HasWhat>([
  ['result', 'result'],
  // The result of a task is its video: the issue's `has:video`.
  ['video', 'result'],
  ['code', 'code'],
  ['eta', 'eta'],
]);

export const YES_NO: ReadonlyMap<string, boolean> = new Map([
  ['yes', true],
  ['no', false],
]);

/** The list's sort keys ("Sort by" in the toolbar: task-columns.tsx's SORT_OPTIONS, checked equal by a test). */
export const SORT_KEYS: readonly SortKey[] = ['list', 'status', 'progress', 'updated'];
export const SORT_DESCENDING_SUFFIX = '-desc';
export const SORT_ASCENDING_SUFFIX = '-asc';

/** Progress is a percentage. */
export const PROGRESS_RANGE = { min: 0, max: 100 } as const;

/** The nearest allowed word within two edits (for "did you mean"), or null. */
export function nearest(word: string, allowed: Iterable<string>): string | null {
  let best: string | null = null;
  let bestDistance = 3;
  for (const candidate of allowed) {
    const d = editDistance(word, candidate);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 2) return 3;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}
