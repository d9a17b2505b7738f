import { MAX_TASK_IDS_PER_QUERY } from '@/contract';

/**
 * Distinct IDs (the due IDs of the watch list's open set) in batches the gateway accepts. Not
 * deduplicated again: a Set of 100,000 IDs cost 10–100 ms in the task that starts a cycle.
 */
export function batchIds(ids: readonly string[], size = MAX_TASK_IDS_PER_QUERY): string[][] {
  const batches: string[][] = [];
  for (let i = 0; i < ids.length; i += size) batches.push(ids.slice(i, i + size));
  return batches;
}

/** Run `fn` over items with at most `limit` in flight; results keep the input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
