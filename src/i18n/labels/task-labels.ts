import { TaskErrorCode, type TaskStatusCode } from '@/contract';
import { t as currentT, type MessageKey, type Translate } from '../i18n-store';

/**
 * The words for the contract's codes live here, not in the contract the server shares: the
 * contract keeps codes and values. A status or documented error code added there fails the
 * typecheck here until it has a message (docs/i18n.md, step 9). Messages in the `tasks`
 * namespace: only the Tasks page's lazy chunks show them.
 */
const STATUS_KEY: Record<TaskStatusCode, MessageKey> = {
  1: 'tasks.statusName.created',
  2: 'tasks.statusName.queued',
  3: 'tasks.statusName.running',
  4: 'tasks.statusName.finished',
  5: 'tasks.statusName.failed',
  6: 'tasks.statusName.aborted',
};

type DocumentedErrorCode = Exclude<(typeof TaskErrorCode)[keyof typeof TaskErrorCode], typeof TaskErrorCode.none>;

const ERROR_MEANING_KEY: Record<DocumentedErrorCode, MessageKey> = {
  [TaskErrorCode.sourceUnreadable]: 'tasks.errorMeaning.sourceUnreadable',
  [TaskErrorCode.textDetectionFailed]: 'tasks.errorMeaning.textDetectionFailed',
  [TaskErrorCode.encodingTimedOut]: 'tasks.errorMeaning.encodingTimedOut',
  [TaskErrorCode.abortedByOperator]: 'tasks.errorMeaning.abortedByOperator',
};

/** "Finished" / "已完成". Pass a component's `useT()`; the default is the current language (module code, exports). */
export const taskStatusLabel = (status: TaskStatusCode, t: Translate = currentT): string => t(STATUS_KEY[status]);

/** What a task's errorCode means ("encoding timed out"), or undefined for 0 and codes the console does not know. */
export function taskErrorMeaningLabel(code: number, t: Translate = currentT): string | undefined {
  return Object.hasOwn(ERROR_MEANING_KEY, code) ? t(ERROR_MEANING_KEY[code as DocumentedErrorCode]) : undefined;
}
