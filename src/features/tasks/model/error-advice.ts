import { TaskErrorCode } from '@/contract';
import { taskErrorMeaningLabel } from '@/i18n/labels/task-labels';

const ADVICE: Record<number, string> = {
  [TaskErrorCode.sourceUnreadable]: 'Do not retry as is: check the source video (format, access) and submit a new task.',
  [TaskErrorCode.textDetectionFailed]: 'Retry once; if it fails again, the video may have no text the engine can detect.',
  [TaskErrorCode.encodingTimedOut]: 'Usually temporary: resubmit the task later.',
  [TaskErrorCode.abortedByOperator]: 'Resubmit only if the abort was a mistake.',
};

type ErrorAdvice = { code: number; meaning: string; advice: string };

/** Meaning and retry recommendation for the errorCode of a Failed or Aborted task. */
export function errorAdvice(code: number): ErrorAdvice {
  if (code === TaskErrorCode.none) {
    return { code, meaning: 'no error code given', advice: 'Retry once; if it fails again, report the task ID to the gateway team.' };
  }
  return {
    code,
    meaning: taskErrorMeaningLabel(code) ?? 'not documented',
    advice: ADVICE[code] ?? 'Unknown code: retry once, then report the task ID and code to the gateway team.',
  };
}
