import * as z from 'zod/mini';
import { MAX_TASK_IDS_PER_QUERY, TASK_ID_PREFIX } from './limits';
import { envelopeSchema } from './envelope';
import { ErrorMessage } from './error-codes';

/** taskStatus values of section 3. */
export const TaskStatus = {
  created: 1,
  queued: 2,
  running: 3,
  finished: 4,
  failed: 5,
  aborted: 6,
} as const;
export type TaskStatusCode = (typeof TaskStatus)[keyof typeof TaskStatus];

/**
 * How a status ends a task, by the rules of section 3: not yet (open), with a result (4: it can be
 * downloaded), or with a failure (5, 6: failure messaging and a retry strategy by errorCode). A
 * status added to TaskStatus fails the typecheck here until it is placed.
 */
export type TaskOutcome = 'open' | 'result' | 'failure';
export const taskStatusOutcome: Record<TaskStatusCode, TaskOutcome> = {
  1: 'open',
  2: 'open',
  3: 'open',
  4: 'result',
  5: 'failure',
  6: 'failure',
};

/** The outcome of a status code, or null for a code the spec does not list. */
export function outcomeOf(value: number | null | undefined): TaskOutcome | null {
  return value != null && isKnownTaskStatus(value) ? taskStatusOutcome[value] : null;
}

/**
 * One of the statuses of section 3 (the keys of taskStatusOutcome, so a new status is known once
 * placed). The contract holds codes only; the console's words for them are in src/i18n/labels.
 */
export function isKnownTaskStatus(value: number): value is TaskStatusCode {
  return Object.hasOwn(taskStatusOutcome, value);
}

export function hasTaskIdPrefix(id: string): boolean {
  return id.startsWith(TASK_ID_PREFIX) && id.length > TASK_ID_PREFIX.length;
}

const int = () => z.number().check(z.int());

/**
 * One element of Operation A's data (section 2.2). Lenient where a real gateway might
 * differ without being wrong: a numeric-string updateTime, a missing errorCode or URL.
 */
const taskStatusItemSchema = z.object({
  taskId: z.string().check(z.minLength(1)),
  taskStatus: int(),
  taskProgress: z.number(),
  errorCode: z.pipe(
    z.nullish(int()),
    z.transform((c) => c ?? 0),
  ),
  targetVideoUrl: z.pipe(
    z.nullish(z.string()),
    z.transform((u) => u ?? null),
  ),
  updateTime: z.union([z.number(), z.pipe(z.string().check(z.regex(/^[0-9]+$/)), z.transform(Number))]),
});
export type TaskStatusItem = z.output<typeof taskStatusItemSchema>;

/** Merge taskId and taskIds and drop duplicates, keeping first-seen order (rule 2). */
function mergeTaskIds(request: { taskId?: string | null; taskIds?: readonly string[] | null }): string[] {
  const ids = new Set<string>();
  if (request.taskId) ids.add(request.taskId);
  for (const id of request.taskIds ?? []) ids.add(id);
  return [...ids];
}

/** The one rule of 1-4 that fails first, or null: each is a 2001, the empty case with the spec's own words. */
function mergedIdsProblem(ids: readonly string[]): { message: string; verbatim?: true } | null {
  if (ids.length === 0) return { message: ErrorMessage.bothIdsEmpty, verbatim: true };
  if (ids.length > MAX_TASK_IDS_PER_QUERY) {
    return { message: `at most ${MAX_TASK_IDS_PER_QUERY} task IDs after merging and removing duplicates, got ${ids.length}` };
  }
  const bad = ids.find((id) => !hasTaskIdPrefix(id));
  if (bad !== undefined) return { message: `every task ID must start with ${TASK_ID_PREFIX} (got ${JSON.stringify(bad.slice(0, 60))})` };
  return null;
}

/**
 * Request body of Operation A (section 4.1): both fields optional on the wire, rules 1-4 on their
 * merge. Parsing gives the merged, deduplicated IDs, so a gateway merges once.
 */
// Pure: the console never parses a request, so its first-load bundle can drop this schema.
export const taskStatusRequestSchema = /* @__PURE__ */ z.pipe(
  z.object({
    taskId: z.optional(z.string()),
    taskIds: z.optional(z.array(z.string())),
  }),
  z.transform((body, ctx) => {
    const ids = mergeTaskIds(body);
    const problem = mergedIdsProblem(ids);
    if (problem) ctx.issues.push({ code: 'custom', input: body, message: problem.message, params: { verbatim: problem.verbatim } });
    return ids;
  }),
);

export const taskStatusDataSchema = z.array(taskStatusItemSchema);

export const taskStatusResponseSchema = z.extend(envelopeSchema, {
  data: z.nullable(taskStatusDataSchema),
});

/** A status item that breaks the contract, named by its taskId when it has a readable one. */
export type TaskStatusItemProblem = { taskId: string; problem: string };

/**
 * Operation A's data checked item by item (the browser's reading; the gateway's own validation is
 * unchanged): good items are kept, each bad one is reported with what was wrong, so one malformed
 * item does not sink its batch. Null when data is not a list at all.
 */
export function parseTaskStatusItems(data: unknown): ParsedTaskStatusItems | null {
  if (!Array.isArray(data)) return null;
  const result: ParsedTaskStatusItems = { items: [], problems: [], unattributed: [] };
  data.forEach((raw: unknown, index) => {
    const parsed = taskStatusItemSchema.safeParse(raw);
    if (parsed.success) return void result.items.push(parsed.data);
    const issue = parsed.error.issues[0];
    const problem = issue ? `${issue.path.join('.') || 'item'}: ${issue.message}` : 'unreadable item';
    const taskId = (raw as { taskId?: unknown } | null)?.taskId;
    if (typeof taskId === 'string' && taskId !== '') result.problems.push({ taskId, problem });
    else result.unattributed.push(`${index}.${problem}`);
  });
  return result;
}

/** Good items, bad items by taskId, and bad items without a readable taskId ("3.taskId: …"). */
export type ParsedTaskStatusItems = { items: TaskStatusItem[]; problems: TaskStatusItemProblem[]; unattributed: string[] };
