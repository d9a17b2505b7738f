import { assertNever, outcomeOf } from '@/contract';
import type { TaskSnapshot } from './task-snapshot';

/**
 * How the poller treats a task: live ones every cycle, Finished-without-URL and not-found ones
 * at a slower pace, terminal ones never again.
 */
export type TaskPhase = 'unseen' | 'live' | 'awaiting-url' | 'not-found' | 'terminal';

/** A link only for an absolute http(s) URL; anything else (javascript:, data:, junk) is not a link. */
export function safeDownloadUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}

export function taskPhase(snapshot: TaskSnapshot | undefined): TaskPhase {
  if (!snapshot) return 'unseen';
  if (snapshot.problem) return 'live';
  const { item } = snapshot;
  if (!item) return 'not-found';
  const outcome = outcomeOf(item.taskStatus);
  switch (outcome) {
    case 'result':
      return snapshot.downloadUrl ? 'terminal' : 'awaiting-url';
    case 'failure':
      return 'terminal';
    case 'open':
    case null:
      // 1-3, and any status code the spec does not list, keep being watched.
      return 'live';
    default:
      return assertNever(outcome);
  }
}
