import type { SpeechFormField } from '../../request';
import type { ScriptColumn } from './script-columns';

/**
 * Why a script row is not sent: codes and params only; the UI words them through the message
 * catalog (docs/script-messages.md lists the English wording).
 */
export type RowReason =
  | { code: 'missingText' }
  | { code: 'extraFields'; fields: number; columns: number }
  | { code: 'unterminatedQuote' }
  | { code: 'notANumber'; column: ScriptColumn; value: string }
  | { code: 'unknownFormat'; value: string }
  | { code: 'textTooLong'; chars: number; max: number }
  | { code: 'invalidValue'; field: SpeechFormField; issue: string; limit?: number };

export type BadRow = { line: number; reasons: RowReason[] };
