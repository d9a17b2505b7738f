import { useEffect, useRef } from 'react';
import { ErrorCode } from '@/contract';
import { ErrorAlert } from '@/components/error-alert';
import { GatewayRequestError, type GatewayErrorKind } from '@/lib/gateway-error';
import { useErrorDescription } from '@/hooks/use-error-description';
import { useT } from '@/hooks/use-t';
import { NotAudioError } from '../audio';
import { fieldOfGatewayError } from '../request';
import page from '../speech-page.module.css';
import styles from './result.module.css';

// Failures of the connection, not of the request: sending the same request again may well work.
const RETRYABLE = new Set<GatewayErrorKind>(['timeout', 'network', 'dropped']);

type Props = { error: GatewayRequestError | null; userId: string; onRetry: () => void };

/**
 * Why the last Synthesize failed, in the result panel where the take would have been. A new
 * failure is scrolled into view and takes keyboard focus (the operator just asked for a take);
 * a field the gateway refused is marked in the form, which focuses it.
 */
export function SynthesisError({ error, userId, onRetry }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const t = useT();
  const field = error ? fieldOfGatewayError(error) : null;
  const takesFocus = error !== null && error.kind !== 'aborted' && !field;
  // The alert's wording may arrive a few ms after the error (a lazy chunk): scroll once it is there, so all of it is in view.
  const worded = useErrorDescription(error) !== null;
  useEffect(() => {
    if (takesFocus) box.current?.focus({ preventScroll: true });
  }, [error, takesFocus]);
  useEffect(() => {
    if (takesFocus && worded) box.current?.scrollIntoView({ block: 'nearest' });
  }, [error, takesFocus, worded]);

  if (!error) return null;
  if (field) {
    return <p className={page.hint}>{t('speech.error.fieldMarked')}</p>;
  }
  if (error.kind === 'aborted') {
    return (
      <p role="status" className={page.hint}>
        {t('speech.error.cancelled')}
      </p>
    );
  }
  return (
    <div ref={box} tabIndex={-1} className={styles.failureBox}>
      <Explained error={error} userId={userId} onRetry={onRetry} />
    </div>
  );
}

function Explained({ error, userId, onRetry }: Props & { error: GatewayRequestError }) {
  const t = useT();
  if (error instanceof NotAudioError) return <ErrorAlert error={error} title={t('speech.error.notAudioTitle')} />;
  if (error.code === ErrorCode.insufficientPoints) {
    return (
      <>
        <ErrorAlert error={error} title={t('speech.error.pointsTitle', { user: userId || t('speech.error.userNotSet') })} />
        <p className={styles.errorExplain}>{t('speech.error.pointsAdvice')}</p>
      </>
    );
  }
  if (error.code === ErrorCode.synthesisFailed) {
    return (
      <>
        <ErrorAlert error={error} title={t('speech.error.engineTitle')} onRetry={onRetry} />
        <p className={styles.errorExplain}>{t('speech.error.engineAdvice')}</p>
      </>
    );
  }
  return <ErrorAlert error={error} onRetry={RETRYABLE.has(error.kind) ? onRetry : undefined} />;
}
