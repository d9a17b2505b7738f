import { GatewayRequestError } from './gateway-error';
import { describeCode, type ErrorDescription } from './describe-error-code';

export type { ErrorDescription } from './describe-error-code';

const CORS_STEP =
  'The gateway is on another origin, so CORS or the network is the likely cause. Set GATEWAY_URL on this server and use /api as the gateway URL to avoid CORS.';

/** The meaning of an error in the operator's words, and what to do next. */
export function describeError(error: unknown): ErrorDescription {
  if (!(error instanceof GatewayRequestError)) {
    return { title: 'Something went wrong', detail: error instanceof Error ? error.message : String(error), nextStep: 'Try again.' };
  }
  const detail = error.message;
  switch (error.kind) {
    case 'envelope':
      return describeCode(error.code ?? -1, detail, error.operation, error.httpStatus);
    case 'network':
      return error.crossOrigin
        ? { title: 'Gateway unreachable (CORS or network)', detail, nextStep: CORS_STEP }
        : { title: 'Gateway unreachable', detail, nextStep: 'Check that the server is running and the gateway URL is right.' };
    case 'timeout':
      return {
        title: 'The gateway did not answer in time',
        detail,
        nextStep: 'Try again; if it keeps happening, the gateway is overloaded or down.',
      };
    case 'dropped':
      return {
        title: 'The connection broke off mid-answer',
        detail,
        nextStep: 'Try again; if it keeps happening, the gateway or a proxy in front of it is dropping connections.',
      };
    case 'too-large':
      return {
        title: 'The answer is too large',
        detail,
        nextStep:
          'Check that the gateway URL points at the gateway (e.g. /api); if it does, report the oversized answer to the gateway team.',
      };
    case 'http':
      return describeHttp(error.httpStatus, detail);
    case 'not-gateway':
    case 'invalid-json':
      return {
        title: 'Not a gateway',
        detail,
        nextStep: 'The URL answers, but not with the service envelope: the gateway URL should be the base URL (e.g. /api).',
      };
    case 'contract':
      return {
        title: 'Unexpected answer',
        detail,
        nextStep: 'The gateway answered with data this console does not understand; report it to the gateway team.',
      };
    case 'no-token':
      return { title: 'No token set', detail, nextStep: 'This gateway needs a token: enter it in Settings (Token).' };
    case 'settings':
      return { title: 'Connection settings unusable', detail, nextStep: 'Open Settings and correct the value.' };
    case 'aborted':
      return { title: 'Cancelled', detail, nextStep: 'Send again when ready.' };
  }
}

function describeHttp(status: number | undefined, detail: string): ErrorDescription {
  if (status === 401 || status === 403) return { title: 'Token rejected', detail, nextStep: 'Check the Token in Settings.' };
  if (status === 404)
    return {
      title: 'Not a gateway (HTTP 404)',
      detail,
      nextStep: 'Nothing answers this operation here: check the gateway URL (e.g. /api).',
    };
  if (status === 429) return { title: 'Too many requests', detail, nextStep: 'Wait a moment and try again.' };
  return {
    title: `HTTP ${status ?? '?'} from the gateway`,
    detail,
    nextStep: 'The gateway or a proxy in front of it failed; try again later.',
  };
}
