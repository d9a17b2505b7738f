import type { Comparison, CompareOp } from './query-ast';
import type { QueryError } from './query-errors';
import { DURATION_UNITS, MAX_DURATION_MS, PROGRESS_RANGE, UNIT_NAMES, type DurationUnit } from './qualifiers';

type Item = { text: string; from: number; to: number };
export type Read<T> = { ok: true; value: T } | { ok: false; error: QueryError };

const OPS: readonly CompareOp[] = ['<=', '>=', '<', '>', '='];
const DECIMAL = /^[0-9]+(?:\.[0-9]+)?$/;
const INTEGER = /^[0-9]+$/;

function splitOp(text: string): { op: CompareOp | null; rest: string } {
  const op = OPS.find((o) => text.startsWith(o)) ?? null;
  return { op, rest: op ? text.slice(op.length) : text };
}

/** `progress:` items: an optional comparison and a percentage (a trailing % allowed). */
export function readProgress(item: Item, qualifier: string): Read<Comparison> {
  const { op, rest } = splitOp(item.text);
  const digits = rest.endsWith('%') ? rest.slice(0, -1) : rest;
  if (!DECIMAL.test(digits)) return { ok: false, error: { code: 'badNumber', qualifier, value: item.text, ...span(item) } };
  const value = Number(digits);
  if (value < PROGRESS_RANGE.min || value > PROGRESS_RANGE.max)
    return { ok: false, error: { code: 'outOfRange', qualifier, value: item.text, ...PROGRESS_RANGE, ...span(item) } };
  return { ok: true, value: { op: op ?? '=', value } };
}

/** `code:` items: an optional comparison and a whole number. */
export function readCode(item: Item, qualifier: string): Read<Comparison> {
  const { op, rest } = splitOp(item.text);
  const value = Number(rest);
  if (!INTEGER.test(rest) || !Number.isSafeInteger(value))
    return { ok: false, error: { code: 'badNumber', qualifier, value: item.text, ...span(item) } };
  return { ok: true, value: { op: op ?? '=', value } };
}

/** `age:`, `updated:`, `eta:` items: a comparison (required: "10 minutes" alone says neither more nor less) and a duration. */
export function readDuration(item: Item, qualifier: string): Read<Comparison> {
  const { op, rest } = splitOp(item.text);
  const unit = rest.slice(-1).toLowerCase();
  const digits = rest.slice(0, -1);
  if (!(unit in DURATION_UNITS) || !DECIMAL.test(digits))
    return { ok: false, error: { code: 'badDuration', qualifier, value: item.text, units: UNIT_NAMES, ...span(item) } };
  if (op === null || op === '=')
    return {
      ok: false,
      error: { code: 'comparisonNeeded', qualifier, value: item.text, examples: [`<${rest}`, `>${rest}`], ...span(item) },
    };
  const value = Math.round(Number(digits) * DURATION_UNITS[unit as DurationUnit]);
  if (value > MAX_DURATION_MS)
    return { ok: false, error: { code: 'outOfRange', qualifier, value: item.text, min: 0, max: MAX_DURATION_MS, ...span(item) } };
  return { ok: true, value: { op, value } };
}

/** A duration in the largest unit that holds it whole (else in seconds with decimals): `90m`, `2h`, `1.5s`. */
export function formatDuration(ms: number): string {
  for (const unit of ['d', 'h', 'm', 's'] as const) if (ms % DURATION_UNITS[unit] === 0) return `${ms / DURATION_UNITS[unit]}${unit}`;
  return `${ms / 1000}s`;
}

export const formatComparison = ({ op, value }: Comparison, format: (n: number) => string = String): string =>
  `${op === '=' ? '' : op}${format(value)}`;

const span = (item: Item) => ({ from: item.from, to: item.to });
