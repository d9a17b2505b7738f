import { GatewayRequestError } from '@/lib/gateway-error';
import { useErrorDescription } from '@/hooks/use-error-description';
import { useT } from '@/hooks/use-t';

type Props = { error: unknown; title?: string; onRetry?: () => void };

/** The one way an error looks in the console: meaning, code, the gateway's words, next step. */
export function ErrorAlert({ error, title, onRetry }: Props) {
  const d = useErrorDescription(error);
  const t = useT();
  // The wording loads on the first error (a few ms); an alert is announced once, with its words.
  if (!d) return null;
  const gatewayError = error instanceof GatewayRequestError ? error : undefined;
  const code = gatewayError?.code;
  // The console's server's status is its own: the sentence names the status the gateway answered.
  const fromConsoleServer = gatewayError?.kind === 'proxy';
  const http = fromConsoleServer ? undefined : gatewayError?.httpStatus;
  // The gateway's own message is quoted as such, so it is not mistaken for the console's advice; the console's server's words are labelled its own.
  const fromGateway = gatewayError?.kind === 'envelope' || (gatewayError?.kind === 'http' && code !== undefined);
  const source = fromGateway ? 'common.error.gatewayMessage' : fromConsoleServer ? 'common.error.consoleServerMessage' : null;
  return (
    <div role="alert" className="alert alert-error">
      <p className="alert-title">
        {title ?? d.title}
        {code !== undefined && <span className="badge">{t('common.error.code', { code: String(code) })}</span>}
        {http !== undefined && http !== 200 && <span className="badge">{t('common.error.http', { status: String(http) })}</span>}
      </p>
      {d.detail && (
        <p className="alert-detail">
          {source ? <span className="alert-source">{t(source)}</span> : null}
          {d.detail}
        </p>
      )}
      <p className="alert-next">{d.nextStep}</p>
      {onRetry && (
        <button type="button" onClick={onRetry}>
          {t('common.actions.tryAgain')}
        </button>
      )}
    </div>
  );
}
