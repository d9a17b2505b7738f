import { operations } from '#contract';
import type { GatewayDeps } from '../deps';
import { parseJsonObject } from '../read-json-body';
import { nextChangeAt } from '../tasks/task-status-at';
import { validateBody, withoutNulls } from '../validate-body';
import { quickTaskIds } from './quick-task-ids';
import { indexedItemJson, statusAnswerJson } from './status-answer';

/**
 * Operation A for a caller whose headers were checked: the answer's bytes for the request body,
 * from deps.statusAnswers while nothing the body asks can have changed, or else worked out from the
 * read index and kept. IDs that are unknown and IDs of another user's tasks are both left out of
 * data (never an error, and never distinguishable); data keeps the order of the merged request.
 * A body the rules refuse throws their GatewayError. `originOf` is read only for file links.
 */
export function answerTaskStatus(deps: GatewayDeps, userId: string, body: Uint8Array, originOf: () => string): Uint8Array<ArrayBuffer> {
  const now = deps.tasks.now();
  const version = deps.tasks.version;
  // A reused answer reads the origin at most once; no closure is made for it (most polls end here).
  const cached = deps.statusAnswers.get(userId, body, now, version, originOf, deps.metrics?.statusBatch);
  if (cached !== undefined) return cached;

  let origin: string | undefined;
  const originOnce = () => (origin ??= originOf());
  const ids = readTaskIds(parseJsonObject(body));
  deps.metrics?.statusBatch(ids.length);
  const { owned, unknown } = deps.tasks.ownedTasks(userId, ids);
  let until = Infinity;
  const items = owned.map((task) => {
    until = Math.min(until, nextChangeAt(task.record, now));
    return indexedItemJson(task, now, originOnce, (at) => deps.signer.fileUrl(at, 'video', task.record.taskId, userId));
  });
  return deps.statusAnswers.set(
    userId,
    body,
    statusAnswerJson(items),
    {
      from: Math.floor(now),
      until,
      origin,
      deleted: version.deleted,
      created: unknown > 0 ? version.created : undefined,
    },
    ids.length,
  );
}

/** Rules 1-4 of section 4.1, as the contract's schema checks them; a JSON null counts as absent. */
export function readTaskIds(body: Record<string, unknown>): string[] {
  return quickTaskIds(body) ?? validateBody(operations.taskStatus.request, withoutNulls(body));
}
