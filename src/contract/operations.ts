import type * as z from 'zod/mini';
import { speechRequestSchema, speechResultSchema } from './speech';
import { taskStatusDataSchema, taskStatusRequestSchema } from './task-status-schema';
import { OPERATION_PATHS, type OperationName } from './operation-paths';

type Operation = { path: `/${string}`; request: z.ZodMiniType; data: z.ZodMiniType };

/**
 * The service's operations (section 4): path, request body, data of a code 0 answer. The
 * console's client, the proxy's allow-list and the gateway's routes all read them here.
 */
export const operations = {
  taskStatus: { path: OPERATION_PATHS.taskStatus, request: taskStatusRequestSchema, data: taskStatusDataSchema },
  textToSpeech: { path: OPERATION_PATHS.textToSpeech, request: speechRequestSchema, data: speechResultSchema },
} as const satisfies Record<OperationName, Operation>;
