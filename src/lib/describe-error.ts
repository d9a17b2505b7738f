import { ErrorCode } from '@/contract';
import { GatewayRequestError } from './gateway-error';

export type ErrorDescription = { title: string; detail: string; nextStep: string };

const OPERATION_NAME = { taskStatus: 'Task status', textToSpeech: 'Speech synthesis' } as const;

/** The meaning of an error in the operator's words, and what to do next. */
export function describeError(error: unknown): ErrorDescription {
  if (!(error instanceof GatewayRequestError)) {
    return { title: 'Something went wrong', detail: error instanceof Error ? error.message : String(error), nextStep: 'Try again.' };
  }
  const detail = error.message;
  switch (error.kind) {
    case 'envelope':
      return describeCode(error.code ?? -1, detail, error.operation);
    case 'network':
      return error.crossOrigin
        ? { title: 'Gateway unreachable', detail, nextStep: 'The gateway is on another origin: CORS or the network is the likely cause. Set GATEWAY_URL on this server and use /api to avoid CORS.' }
        : { title: 'Gateway unreachable', detail, nextStep: 'Check that the server is running and the gateway URL is right.' };
    case 'timeout':
      return { title: 'The gateway did not answer in time', detail, nextStep: 'Try again; if it keeps happening, the gateway is overloaded or down.' };
    case 'http':
      if (error.httpStatus === 401 || error.httpStatus === 403) {
        return { title: 'Token rejected', detail, nextStep: 'Check the token in Settings.' };
      }
      if (error.httpStatus === 429) return { title: 'Too many requests', detail, nextStep: 'Wait a moment; polling backs off by itself.' };
      return { title: `HTTP ${error.httpStatus ?? '?'} from the gateway`, detail, nextStep: 'The gateway or a proxy in front of it failed; try again later.' };
    case 'not-gateway':
    case 'invalid-json':
      return { title: 'Not a gateway', detail, nextStep: 'The URL answers, but not with the service envelope: check the gateway URL (it should end at the base URL, e.g. /api).' };
    case 'contract':
      return { title: 'Unexpected answer', detail, nextStep: 'The gateway answered with data this console does not understand; report it to the gateway team.' };
    case 'settings':
      return { title: 'Connection settings incomplete', detail, nextStep: 'Open Settings and fill in the missing value.' };
    case 'aborted':
      return { title: 'Cancelled', detail, nextStep: 'Send again when ready.' };
  }
  return { title: `${OPERATION_NAME[error.operation]} failed`, detail, nextStep: 'Try again.' };
}

function describeCode(code: number, detail: string, operation: keyof typeof OPERATION_NAME): ErrorDescription {
  switch (code) {
    case ErrorCode.missingParameter:
      return { title: 'Missing parameter', detail, nextStep: missingStep(detail, operation) };
    case ErrorCode.invalidParameter:
      return { title: 'Invalid parameter', detail, nextStep: invalidStep(detail) };
    case ErrorCode.insufficientPoints:
      return { title: 'Not enough points', detail, nextStep: 'Top up the points of this user, or use another user ID.' };
    case ErrorCode.synthesisFailed:
      return { title: 'Synthesis failed — try again', detail, nextStep: 'The speech engine failed on this request; send it again, or shorten or change the text.' };
    case 401:
      return { title: 'Token rejected', detail, nextStep: 'Check the token in Settings.' };
    default:
      return { title: `${OPERATION_NAME[operation]} failed (code ${code})`, detail: detail || 'No message from the gateway', nextStep: 'This code is not in the service interface; see the gateway message above.' };
  }
}

function missingStep(detail: string, operation: string): string {
  if (/x-user-id/i.test(detail)) return 'Set a numeric user ID in Settings (X-User-Id).';
  if (/sourceText/i.test(detail)) return 'Enter the text to synthesize.';
  return operation === 'taskStatus' ? 'Set a user ID in Settings and add task IDs.' : 'Fill in the missing field.';
}

function invalidStep(detail: string): string {
  if (/x-user-id/i.test(detail)) return 'The user ID must be digits only: fix it in Settings.';
  if (/both be empty/i.test(detail)) return 'Add at least one task ID.';
  return 'Fix the value the message names and send again.';
}
