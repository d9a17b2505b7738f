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
  const http = gatewayError?.httpStatus;
  // The gateway's own message is quoted as such, so it is not mistaken for the console's advice.
  const fromGateway = gatewayError?.kind === 'envelope' || (gatewayError?.kind === 'http' && code !== undefined);
  return (
    <div role="alert" className="alert alert-error">
      <p className="alert-title">
        {title ?? d.title}
        {code !== undefined && <span className="badge">{t('common.error.code', { code: String(code) })}</span>}
        {http !== undefined && http !== 200 && <span className="badge">{t('common.error.http', { status: String(http) })}</span>}
      </p>
      {d.detail && (
        <p className="alert-detail">
          {fromGateway ? <span className="alert-source">{t('common.error.gatewayMessage')}</span> : null}
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
