import { HeaderProblem } from '@/contract';
import type { MessageKey, Translate } from '@/i18n/i18n-store';
import { ProfileProblem } from '@/lib/connection-profile';

type ProblemId = keyof typeof ProfileProblem | keyof typeof HeaderProblem;

// Every problem the profile schema can report (a new one fails the typecheck here until it has words).
const KEY: Record<ProblemId, MessageKey> = {
  urlRequired: 'settings.invalid.urlRequired',
  urlForm: 'settings.invalid.urlForm',
  urlSlashes: 'settings.invalid.urlSlashes',
  urlQuery: 'settings.invalid.urlQuery',
  urlCredentials: 'settings.invalid.urlCredentials',
  nameRequired: 'settings.invalid.nameRequired',
  nameTooLong: 'settings.invalid.nameTooLong',
  tokenSpaces: 'settings.invalid.tokenSpaces',
  appSourceTooLong: 'settings.invalid.appSourceTooLong',
  userIdRequired: 'settings.invalid.userIdRequired',
  userIdDigits: 'settings.invalid.userIdDigits',
  userIdRange: 'settings.invalid.userIdRange',
  channelInteger: 'settings.invalid.channelInteger',
};

const ENGLISH: Record<ProblemId, string> = { ...ProfileProblem, ...HeaderProblem };
const ID_BY_MESSAGE = new Map(Object.entries(ENGLISH).map(([id, message]) => [message, id as ProblemId]));

/** A profile field's problem (the schema's English message) in the operator's language; an unknown message as it is. */
export function problemText(t: Translate, message: string): string;
export function problemText(t: Translate, message: string | undefined): string | undefined;
export function problemText(t: Translate, message: string | undefined): string | undefined {
  const id = message === undefined ? undefined : ID_BY_MESSAGE.get(message);
  return id ? t(KEY[id]) : message;
}
