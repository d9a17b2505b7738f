import { z } from 'zod';
import { TASK_ID_PREFIX } from '#contract';

export const TASK_OUTCOMES = ['finished', 'failed', 'aborted', 'mixed'] as const;
export type TaskOutcome = (typeof TASK_OUTCOMES)[number];

export const DEFAULT_TASK_DURATION_MS = 20_000;
export const TASK_DURATION_MS = { min: 500, max: 3_600_000 } as const;

/**
 * Everything persisted about a task. Its status at any moment is derived from this record and
 * the clock (see task-status-at.ts), so nothing but creation is ever written (the emulator's end
 * control, for tests, moves a record's createdAt back: TaskEngine.endNow).
 */
export const taskRecordSchema = z.object({
  taskId: z.string().startsWith(TASK_ID_PREFIX),
  userId: z.string().regex(/^[0-9]{1,19}$/),
  createdAt: z.number().int().nonnegative(),
  durationMs: z.number().int().positive(),
  outcome: z.enum(TASK_OUTCOMES),
  seed: z.number().int().nonnegative(),
});
export type TaskRecord = z.infer<typeof taskRecordSchema>;
