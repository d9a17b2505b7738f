import { ErrorCode } from '@/contract';
import { ErrorAlert } from '@/components/error-alert';
import { GatewayRequestError, type GatewayErrorKind } from '@/lib/gateway-error';
import { fieldOfGatewayError } from '../../model/gateway-field';

// Failures of the connection, not of the request: sending the same request again may well work.
const RETRYABLE = new Set<GatewayErrorKind>(['timeout', 'network', 'dropped']);

type Props = { error: GatewayRequestError | null; userId: string; onRetry: () => void };

/** Field errors show at their field; points and engine failures get their meaning; anything else the shell's alert. */
export function SynthesisError({ error, userId, onRetry }: Props) {
  if (!error || fieldOfGatewayError(error)) return null;
  if (error.kind === 'aborted') {
    return (
      <p role="status" className="hint">
        Synthesis cancelled. The draft is unchanged.
      </p>
    );
  }
  if (error.code === ErrorCode.insufficientPoints) {
    return (
      <div>
        <ErrorAlert error={error} title={`Not enough points for user ${userId || '(not set)'}`} />
        <p className="error-explain">
          The gateway charges points per synthesis (the embedded gateway: 1 point per started 10 characters). Nothing was charged for this
          attempt. Top up this user, use another user ID in Settings, or send a shorter text.
        </p>
      </div>
    );
  }
  if (error.code === ErrorCode.synthesisFailed) {
    return (
      <div>
        <ErrorAlert error={error} title="The speech engine failed on this text" onRetry={onRetry} />
        <p className="error-explain">
          Code 2107 is an internal failure of the engine, not a problem with your settings (the embedded gateway refunds the points). Try
          again, or change the voice or shorten the text if it keeps failing.
        </p>
      </div>
    );
  }
  return <ErrorAlert error={error} onRetry={RETRYABLE.has(error.kind) ? onRetry : undefined} />;
}
