import { describeError } from '@/lib/describe-error';
import { GatewayRequestError } from '@/lib/gateway-error';

type Props = { error: unknown; title?: string; onRetry?: () => void };

/** The one way an error looks in the console: meaning, code, the gateway's words, next step. */
export function ErrorAlert({ error, title, onRetry }: Props) {
  const d = describeError(error);
  const code = error instanceof GatewayRequestError ? error.code : undefined;
  const http = error instanceof GatewayRequestError ? error.httpStatus : undefined;
  return (
    <div role="alert" className="alert alert-error">
      <p className="alert-title">
        {title ?? d.title}
        {code !== undefined && <span className="badge">code {code}</span>}
        {http !== undefined && http !== 200 && <span className="badge">HTTP {http}</span>}
      </p>
      {d.detail && <p className="alert-detail">{d.detail}</p>}
      <p className="alert-next">{d.nextStep}</p>
      {onRetry && (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
