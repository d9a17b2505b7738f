import { TaskErrorCode } from '@/contract';
import { t, type MessageKey } from '@/i18n/i18n-store';
import { taskErrorMeaningLabel } from '@/i18n/labels/task-labels';

type Known = Exclude<(typeof TaskErrorCode)[keyof typeof TaskErrorCode], typeof TaskErrorCode.none>;

const ADVICE: Record<Known, MessageKey> = {
  [TaskErrorCode.sourceUnreadable]: 'tasks.errorAdvice.advice.sourceUnreadable',
  [TaskErrorCode.textDetectionFailed]: 'tasks.errorAdvice.advice.textDetectionFailed',
  [TaskErrorCode.encodingTimedOut]: 'tasks.errorAdvice.advice.encodingTimedOut',
  [TaskErrorCode.abortedByOperator]: 'tasks.errorAdvice.advice.abortedByOperator',
};

const isKnown = (code: number): code is Known => Object.hasOwn(ADVICE, code);

type ErrorAdvice = { code: number; meaning: string; advice: string };

/**
 * Meaning and retry recommendation for the errorCode of a Failed or Aborted task, in the current UI
 * language (a component showing them calls useT(), so it renders again on a switch).
 */
export function errorAdvice(code: number): ErrorAdvice {
  if (code === TaskErrorCode.none) {
    return { code, meaning: t('tasks.errorAdvice.meaning.none'), advice: t('tasks.errorAdvice.advice.none') };
  }
  return isKnown(code)
    ? { code, meaning: errorMeaning(code), advice: t(ADVICE[code]) }
    : { code, meaning: t('tasks.errorAdvice.meaning.undocumented'), advice: t('tasks.errorAdvice.advice.unknown') };
}

/** The meaning alone (the export's errorMeaning column); '' for no code or one the gateway does not document. */
export function errorMeaning(code: number): string {
  // The words are the contract codes' own (src/i18n/labels/task-labels.ts), not a second list.
  return taskErrorMeaningLabel(code) ?? '';
}
