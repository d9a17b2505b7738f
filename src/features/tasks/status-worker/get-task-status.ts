import * as z from 'zod/mini';
import { parseTaskStatusItems, type TaskStatusItem, type TaskStatusItemProblem } from '@/contract';
import { callGateway } from '@/lib/api-client';
import type { Connection } from '@/lib/connection-profile';
import { GatewayRequestError } from '@/lib/gateway-error';

/** A list of anything: each item is checked on its own (parseTaskStatusItems), not the batch as a whole. */
const itemListSchema = z.array(z.unknown());

export type TaskStatusAnswer = { items: TaskStatusItem[]; problems: TaskStatusItemProblem[] };

/**
 * Operation A for one batch (at most 100 IDs, already deduplicated). recordHealth: false in the
 * status worker, whose outcomes the page records when they arrive (the indicator lives there).
 */
export async function getTaskStatus(
  connection: Connection,
  taskIds: readonly string[],
  signal?: AbortSignal,
  recordHealth = true,
): Promise<TaskStatusAnswer> {
  const data = await callGateway(connection, 'taskStatus', { taskIds }, itemListSchema, { signal, recordHealth });
  const parsed = parseTaskStatusItems(data) ?? { items: [], problems: [], unattributed: [] };
  // An item with no readable taskId belongs to no row: the batch cannot be trusted to say who is "not found".
  const [first] = parsed.unattributed;
  if (first !== undefined) {
    throw new GatewayRequestError({
      operation: 'taskStatus',
      kind: 'contract',
      message: `The gateway's data breaks the contract (${first})`,
      detail: { id: 'contract', values: { where: first } },
    });
  }
  return parsed;
}
