import { ErrorCode, GatewayAddedCode } from '@/contract';
import type { GatewayOperation } from './gateway-error';

export type ErrorDescription = { title: string; detail: string; nextStep: string };

const OPERATION_NAME: Record<GatewayOperation, string> = { taskStatus: 'Task status', textToSpeech: 'Speech synthesis' };

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

export function describeCode(code: number, message: string, operation: GatewayOperation, httpStatus?: number): ErrorDescription {
  const detail = message || 'No message from the gateway';
  if (httpStatus === 401 || httpStatus === 403 || code === 401 || code === 403) {
    return {
      title: 'Token rejected',
      detail,
      nextStep: 'The gateway refused the token: check the Token in Settings (it is sent as "Bearer …").',
    };
  }
  if (httpStatus === 404) {
    return {
      title: 'Operation not found (HTTP 404)',
      detail,
      nextStep: 'The server answers but has no such operation: the gateway URL should be the base URL (e.g. /api).',
    };
  }
  if (code === 502 || httpStatus === 502) {
    return {
      title: 'Gateway unreachable from this server',
      detail,
      nextStep:
        "The console's server could not reach the gateway (GATEWAY_URL): check that the gateway is running and the address is right.",
    };
  }
  const parameter = parameterIn(message);
  switch (code) {
    case ErrorCode.missingParameter:
      return {
        title: parameter ? `Missing parameter: ${parameter}` : 'Missing parameter',
        detail,
        nextStep: missingStep(parameter, operation),
      };
    case ErrorCode.invalidParameter:
      return { title: parameter ? `Invalid parameter: ${parameter}` : 'Invalid parameter', detail, nextStep: invalidStep(parameter) };
    case ErrorCode.insufficientPoints:
      return { title: 'Not enough points', detail, nextStep: 'Top up the points of this user, or use another user ID.' };
    case GatewayAddedCode.busy:
      return {
        title: 'Gateway busy — try again shortly',
        detail,
        nextStep:
          'The gateway has as much work from this user (or from everyone) as it takes at once: wait for a request to finish, then send again.',
      };
    case GatewayAddedCode.storageFailed:
      return {
        title: 'The gateway could not save (disk full)',
        detail,
        nextStep: 'Nothing was kept or charged. The gateway operator must free disk space; then send again.',
      };
    case ErrorCode.synthesisFailed:
      return {
        title: 'Synthesis failed — try again',
        detail,
        nextStep: 'The speech engine failed on this request: send it again, or shorten or change the text.',
      };
    default:
      return {
        title: `${OPERATION_NAME[operation]} failed (code ${code})`,
        detail,
        nextStep: 'The service interface does not list this code; the gateway message above says what went wrong.',
      };
  }
}

function missingStep(parameter: string | undefined, operation: GatewayOperation): string {
  if (parameter === 'X-User-Id') return 'Set a numeric user ID in Settings (sent as X-User-Id).';
  if (parameter === 'sourceText') return 'Enter the text to synthesize.';
  if (parameter) return `Fill in ${parameter} and send again.`;
  return MISSING_STEP[operation];
}

/** What to do about a 2000 that names no parameter, per operation (a new operation needs its own words). */
const MISSING_STEP: Record<GatewayOperation, string> = {
  taskStatus: 'Set a user ID in Settings and add task IDs.',
  textToSpeech: 'Fill in the missing field and send again.',
};

function invalidStep(parameter: string | undefined): string {
  if (parameter === 'X-User-Id') return 'The user ID must be digits only: fix it in Settings.';
  if (parameter === 'taskId / taskIds') return 'Add at least one task ID starting with Service_AI (at most 100).';
  if (parameter) return `Fix ${parameter} and send again.`;
  return 'Fix the value the message names and send again.';
}
