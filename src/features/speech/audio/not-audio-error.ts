import { GatewayRequestError } from '@/lib/gateway-error';
import { t } from '@/i18n/i18n-store';

/**
 * The audio URL answered, readably, with something that is not audio (an HTML sign-in page, a
 * JSON error, nothing at all): no take is kept and nothing is offered as a download. Its message
 * describes the answer (status, type, size, the first bytes as escaped text).
 */
export class NotAudioError extends GatewayRequestError {
  constructor(message: string) {
    super({ operation: 'textToSpeech', kind: 'contract', message });
    this.name = 'NotAudioError';
  }
}

/** Characters of the answer quoted in the message. */
const QUOTED_CHARS = 120;

/** "The audio URL answered HTTP 200 (text/html, 412 bytes), which is not audio: "<!doctype html>…"…" */
export function describeNotAudio({
  status,
  contentType,
  size,
  head,
}: {
  status: number;
  contentType: string;
  size: number | null;
  head: Uint8Array;
}): string {
  const about = [
    contentType || t('speech.error.noContentType'),
    ...(size === null ? [] : [t('speech.error.bytes', { size: String(size) })]),
  ].join(', ');
  const text = new TextDecoder('utf-8').decode(head);
  const chars = Array.from(text);
  // JSON.stringify escapes quotes, backslashes and control characters; React renders the rest as text.
  const quoted =
    chars.length === 0
      ? t('speech.error.noBytes')
      : `${JSON.stringify(chars.slice(0, QUOTED_CHARS).join(''))}${chars.length > QUOTED_CHARS ? '…' : ''}`;
  return t('speech.error.notAudio', { status: String(status), about, quoted });
}
