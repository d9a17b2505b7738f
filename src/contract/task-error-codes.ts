/**
 * errorCode values the embedded gateway reports on Failed (5) and Aborted (6) tasks. The spec
 * names errorCode but not its values; a real gateway may send others, so the console falls back
 * to showing the number. Their meanings, in the operator's language, are in src/i18n/labels.
 */
export const TaskErrorCode = {
  none: 0,
  sourceUnreadable: 3001,
  textDetectionFailed: 3002,
  encodingTimedOut: 3003,
  abortedByOperator: 3100,
} as const;

/** Codes a Failed task may carry (Aborted tasks always carry abortedByOperator). */
export const FAILED_TASK_ERROR_CODES = [
  TaskErrorCode.sourceUnreadable,
  TaskErrorCode.textDetectionFailed,
  TaskErrorCode.encodingTimedOut,
] as const;
