import { t as currentT, type MessageKey, type Translate } from './i18n-store';
import type { ConsoleFailureReason } from '@/contract';
import { GatewayRequestError, type ConsoleDetailId } from '@/lib/gateway-error';
import { isCodeNotLoaded } from '@/lib/code-not-loaded';
import { ForeignScriptError } from '@/lib/script-url';
import { describeCode, type ErrorDescription } from './describe-error-code';

export type { ErrorDescription } from './describe-error-code';

// Messages in the `errors` namespace: it is loaded with this chunk (load-describe-error.ts).
const DETAIL: Record<ConsoleDetailId, MessageKey> = {
  noTokenSent: 'errors.detail.noTokenSent',
  unsendableHeader: 'errors.detail.unsendableHeader',
  cancelled: 'errors.detail.cancelled',
  tooLarge: 'errors.detail.tooLarge',
  timeout: 'errors.detail.timeout',
  dropped: 'errors.detail.dropped',
  unreachable: 'errors.detail.unreachable',
  html: 'errors.detail.html',
  empty: 'errors.detail.empty',
  notJson: 'errors.detail.notJson',
  notEnvelope: 'errors.detail.notEnvelope',
  contract: 'errors.detail.contract',
};

/** The console's server's own failures (kind 'proxy'): an answer that came but is not the API's JSON shares its advice. */
const NOT_API_JSON = { title: 'errors.proxy.notJson.title', next: 'errors.proxy.notJson.next' } as const;
const PROXY: Record<ConsoleFailureReason, { title: MessageKey; detail: MessageKey; next: MessageKey }> = {
  unreachable: {
    title: 'errors.proxy.unreachable.title',
    detail: 'errors.proxy.unreachable.detail',
    next: 'errors.proxy.unreachable.next',
  },
  timeout: { title: 'errors.proxy.timeout.title', detail: 'errors.proxy.timeout.detail', next: 'errors.proxy.timeout.next' },
  redirect: { title: 'errors.proxy.redirect.title', detail: 'errors.proxy.redirect.detail', next: 'errors.proxy.redirect.next' },
  notJson: { ...NOT_API_JSON, detail: 'errors.proxy.notJson.detail' },
  untyped: { ...NOT_API_JSON, detail: 'errors.proxy.untyped.detail' },
  invalidJson: { ...NOT_API_JSON, detail: 'errors.proxy.invalidJson.detail' },
  answerTooLarge: {
    title: 'errors.proxy.answerTooLarge.title',
    detail: 'errors.proxy.answerTooLarge.detail',
    next: 'errors.proxy.answerTooLarge.next',
  },
  requestTooLarge: {
    title: 'errors.proxy.requestTooLarge.title',
    detail: 'errors.proxy.requestTooLarge.detail',
    next: 'errors.proxy.requestTooLarge.next',
  },
  requestUnreadable: {
    title: 'errors.proxy.requestUnreadable.title',
    detail: 'errors.proxy.requestUnreadable.detail',
    next: 'errors.proxy.requestUnreadable.next',
  },
  noOperation: {
    title: 'errors.proxy.noOperation.title',
    detail: 'errors.proxy.noOperation.detail',
    next: 'errors.proxy.noOperation.next',
  },
  requestTimeout: {
    title: 'errors.proxy.requestTimeout.title',
    detail: 'errors.proxy.requestTimeout.detail',
    next: 'errors.proxy.requestTimeout.next',
  },
  headersTooLarge: {
    title: 'errors.proxy.headersTooLarge.title',
    detail: 'errors.proxy.headersTooLarge.detail',
    next: 'errors.proxy.headersTooLarge.next',
  },
  requestMalformed: {
    title: 'errors.proxy.requestMalformed.title',
    detail: 'errors.proxy.requestMalformed.detail',
    next: 'errors.proxy.requestMalformed.next',
  },
};

/**
 * The meaning of an error in the operator's words, and what to do next. A component passes its
 * `useT()` (so it follows a language switch); the default is the current language.
 */
export function describeError(error: unknown, t: Translate = currentT): ErrorDescription {
  if (!(error instanceof GatewayRequestError)) {
    const detail =
      error instanceof ForeignScriptError
        ? t('common.scriptUrl.foreignOrigin', { origin: error.origin })
        : error instanceof Error
          ? error.message
          : String(error);
    return {
      title: t('errors.generic.title'),
      detail,
      nextStep: t(isCodeNotLoaded(error) ? 'errors.generic.codeNotLoadedNext' : 'errors.generic.next'),
    };
  }
  // The console's own sentence in the operator's language; the gateway's message as it came.
  const failure = error.consoleFailure;
  const detail = failure
    ? t(PROXY[failure.reason].detail, failure.values)
    : error.detail
      ? t(DETAIL[error.detail.id], error.detail.values)
      : error.message;
  const said = (title: MessageKey, nextStep: MessageKey): ErrorDescription => ({ title: t(title), detail, nextStep: t(nextStep) });
  switch (error.kind) {
    case 'envelope':
      return describeCode(t, error.code ?? -1, detail, error.operation, error.httpStatus);
    case 'proxy':
      return failure ? said(PROXY[failure.reason].title, PROXY[failure.reason].next) : describeHttp(t, error.httpStatus, detail);
    case 'network':
      return error.crossOrigin
        ? said('errors.kind.cors', 'errors.kind.corsNext')
        : said('errors.kind.unreachable', 'errors.kind.unreachableNext');
    case 'timeout':
      return said('errors.kind.timeout', 'errors.kind.timeoutNext');
    case 'dropped':
      return said('errors.kind.dropped', 'errors.kind.droppedNext');
    case 'too-large':
      return said('errors.kind.tooLarge', 'errors.kind.tooLargeNext');
    case 'http':
      return describeHttp(t, error.httpStatus, detail);
    case 'not-gateway':
    case 'invalid-json':
      return said('errors.kind.notGateway', 'errors.kind.notGatewayNext');
    case 'contract':
      return said('errors.kind.contract', 'errors.kind.contractNext');
    case 'no-token':
      return said('errors.kind.noToken', 'errors.kind.noTokenNext');
    case 'settings':
      return said('errors.kind.settings', 'errors.kind.settingsNext');
    case 'aborted':
      return said('errors.kind.cancelled', 'errors.kind.cancelledNext');
  }
}

function describeHttp(t: Translate, status: number | undefined, detail: string): ErrorDescription {
  const said = (title: string, nextStep: MessageKey): ErrorDescription => ({ title, detail, nextStep: t(nextStep) });
  if (status === 401 || status === 403) return said(t('errors.code.tokenRejected'), 'errors.http.tokenNext');
  if (status === 404) return said(t('errors.http.notFound'), 'errors.http.notFoundNext');
  if (status === 429) return said(t('errors.http.tooMany'), 'errors.http.tooManyNext');
  return said(t('errors.http.other', { status: status === undefined ? '?' : String(status) }), 'errors.http.otherNext');
}
