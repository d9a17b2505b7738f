import { ErrorCode, GatewayAddedCode, MAX_TASK_IDS_PER_QUERY, TASK_ID_PREFIX } from '@/contract';
import type { MessageKey, Translate } from './i18n-store';
import type { GatewayOperation } from '@/lib/gateway-error';

export type ErrorDescription = { title: string; detail: string; nextStep: string };

// Messages in the `errors` namespace, loaded with this chunk (load-describe-error.ts).
const OPERATION_NAME: Record<GatewayOperation, MessageKey> = {
  taskStatus: 'errors.operation.taskStatus',
  textToSpeech: 'errors.operation.textToSpeech',
};

/** Request parameters the spec names, in the spelling operators see in Settings and forms. */
const PARAMETERS = [
  'X-User-Id',
  'X-Channel',
  'X-App-Source',
  'Authorization',
  'sourceText',
  'targetLanguage',
  'voiceName',
  'timbreNumber',
  'speedFactor',
  'volume',
  'emotion',
  'selectedEngine',
  'common',
  'format',
  'taskIds',
  'taskId',
] as const;

/** The parameter a gateway message names, e.g. "Invalid Parameter: X-User-Id must be numeric" → X-User-Id. */
export function parameterIn(message: string): string | undefined {
  if (/taskId and taskIds/i.test(message)) return 'taskId / taskIds';
  return PARAMETERS.find((p) => new RegExp(`(^|[^A-Za-z-])${p}([^A-Za-z-]|$)`, 'i').test(message));
}

/** The advice for a gateway's code (or HTTP status), worded by `t`; the gateway's own message stays as it is. */
export function describeCode(
  t: Translate,
  code: number,
  message: string,
  operation: GatewayOperation,
  httpStatus?: number,
): ErrorDescription {
  const detail = message || t('errors.code.noMessage');
  const said = (title: MessageKey, nextStep: MessageKey): ErrorDescription => ({ title: t(title), detail, nextStep: t(nextStep) });
  if (httpStatus === 401 || httpStatus === 403 || code === 401 || code === 403) {
    return said('errors.code.tokenRejected', 'errors.code.tokenRejectedNext');
  }
  if (httpStatus === 404) return said('errors.code.noOperation', 'errors.code.noOperationNext');
  // The console's own proxy marks its 502s (kind 'proxy'); an unmarked one is the gateway's, or a proxy's in front of it.
  if (code === 502 || httpStatus === 502) return said('errors.code.badGateway', 'errors.code.badGatewayNext');
  const parameter = parameterIn(message);
  switch (code) {
    case ErrorCode.missingParameter:
      return {
        title: parameter ? t('errors.code.missingNamed', { parameter }) : t('errors.code.missing'),
        detail,
        nextStep: missingStep(t, parameter, operation),
      };
    case ErrorCode.invalidParameter:
      return {
        title: parameter ? t('errors.code.invalidNamed', { parameter }) : t('errors.code.invalid'),
        detail,
        nextStep: invalidStep(t, parameter),
      };
    case ErrorCode.insufficientPoints:
      return said('errors.code.points', 'errors.code.pointsNext');
    case GatewayAddedCode.busy:
      return said('errors.code.busy', 'errors.code.busyNext');
    case GatewayAddedCode.storageFailed:
      return said('errors.code.storage', 'errors.code.storageNext');
    case ErrorCode.synthesisFailed:
      return said('errors.code.synthesis', 'errors.code.synthesisNext');
    default:
      return {
        title: t('errors.code.other', { operation: t(OPERATION_NAME[operation]), code: String(code) }),
        detail,
        nextStep: t('errors.code.otherNext'),
      };
  }
}

function missingStep(t: Translate, parameter: string | undefined, operation: GatewayOperation): string {
  if (parameter === 'X-User-Id') return t('errors.step.setUserId');
  if (parameter === 'sourceText') return t('errors.step.enterText');
  if (parameter) return t('errors.step.fillIn', { parameter });
  return t(MISSING_STEP[operation]);
}

/** What to do about a 2000 that names no parameter, per operation (a new operation needs its own words). */
const MISSING_STEP: Record<GatewayOperation, MessageKey> = {
  taskStatus: 'errors.step.missingTaskStatus',
  textToSpeech: 'errors.step.missingTextToSpeech',
};

function invalidStep(t: Translate, parameter: string | undefined): string {
  if (parameter === 'X-User-Id') return t('errors.step.fixUserId');
  if (parameter === 'taskId / taskIds') {
    return t('errors.step.addTaskIds', { prefix: TASK_ID_PREFIX, max: String(MAX_TASK_IDS_PER_QUERY) });
  }
  if (parameter) return t('errors.step.fix', { parameter });
  return t('errors.step.fixNamed');
}
