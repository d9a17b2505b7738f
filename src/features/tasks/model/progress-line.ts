import type { Summary } from './summarize';

// Apart from summarize.ts: only the board (its own chunk) shows it.
/** "312 of 400 finished · 6 failed · 2 aborted" */
export function progressLine({ total, counts }: Summary): string {
  const parts = [`${counts.get(4) ?? 0} of ${total} finished`];
  if (counts.get(5)) parts.push(`${counts.get(5)} failed`);
  if (counts.get(6)) parts.push(`${counts.get(6)} aborted`);
  if (counts.get('not-found')) parts.push(`${counts.get('not-found')} not found`);
  if (counts.get('unknown')) parts.push(`${counts.get('unknown')} with an unknown status`);
  if (counts.get('invalid')) parts.push(`${counts.get('invalid')} with an unreadable answer`);
  return parts.join(' · ');
}
