import { ErrorAlert } from '@/components/error-alert';
import { useT } from '@/hooks/use-t';
import { RedoPartError } from './redo-failure';

/** Why part n was not made again: the rejoin's own reasons in words, a gateway failure as any other. */
export function RedoPartFailure({ n, error }: { n: number; error: unknown }) {
  const t = useT();
  if (!(error instanceof RedoPartError)) return <ErrorAlert error={error} title={t('speech.takes.redoFailed', { n })} />;
  const { reason } = error;
  let message: string;
  switch (reason.code) {
    case 'noAudio':
      message = t('speech.takes.redoNoAudio', { n });
      break;
    case 'noSuchPart':
      message = t('speech.takes.noSuchPart', { n, parts: reason.parts });
      break;
    case 'formatMismatch':
      message = t('speech.takes.formatMismatch', { n, got: reason.got.toUpperCase(), expected: reason.expected.toUpperCase() });
      break;
    case 'sampleFormatMismatch':
      message = t('speech.takes.sampleFormatMismatch', {
        n,
        gotRate: String(reason.got.sampleRate),
        gotChannels: reason.got.channels,
        gotBits: reason.got.bitsPerSample,
        rate: String(reason.expected.sampleRate),
        channels: reason.expected.channels,
        bits: reason.expected.bitsPerSample,
      });
      break;
  }
  return (
    <p role="alert" className="field-error">
      {message}
    </p>
  );
}
