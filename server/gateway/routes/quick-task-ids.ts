import { MAX_TASK_IDS_PER_QUERY, TASK_ID_PREFIX } from '#contract';

/**
 * Rules 1-4 of section 4.1 for a body that passes them, without the schema's walk: the merged,
 * deduplicated IDs, or null for anything else (a wrong type, an empty or oversized merge, a bad
 * prefix), which the contract's schema then reads to name the problem. So the error texts stay
 * the schema's, and a test holds the two to the same IDs wherever this one answers.
 */
export function quickTaskIds(body: Record<string, unknown>): string[] | null {
  const { taskId, taskIds } = body;
  if (taskId !== undefined && taskId !== null && typeof taskId !== 'string') return null;
  if (taskIds !== undefined && taskIds !== null && !Array.isArray(taskIds)) return null;
  const list: readonly unknown[] = taskIds ?? [];
  const merged = new Set<string>();
  if (taskId) merged.add(taskId);
  for (const id of list) {
    if (typeof id !== 'string' || !hasPrefix(id)) return null;
    merged.add(id);
  }
  if (merged.size === 0 || merged.size > MAX_TASK_IDS_PER_QUERY) return null;
  if (taskId && !hasPrefix(taskId)) return null;
  return [...merged];
}

const hasPrefix = (id: string) => id.length > TASK_ID_PREFIX.length && id.startsWith(TASK_ID_PREFIX);
