import { randomBytes } from 'node:crypto';
import { TASK_ID_PREFIX } from '#contract';

/**
 * Service_AI_<creation time, base 36>_<96 random bits, hex>. The time part keeps IDs roughly
 * sortable for people reading logs; the random part makes them unguessable.
 */
export function newTaskId(nowMs: number): string {
  return `${TASK_ID_PREFIX}_${Math.floor(nowMs).toString(36)}_${randomBytes(12).toString('hex')}`;
}

export function newSeed(): number {
  return randomBytes(4).readUInt32BE(0);
}
