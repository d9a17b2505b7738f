import { audioRelayFailureSchema, CONSOLE_FAILURE_FIELD, type AudioRelayFailureReason } from '@/contract';
import { t, type MessageKey } from '@/i18n/i18n-store';

/** The console's server's account of why its relay did not serve the audio, with the advice that fits. */
const RELAY_REFUSAL: Record<AudioRelayFailureReason, MessageKey> = {
  audioExpired: 'speech.audio.relay.audioExpired',
  audioNotIssued: 'speech.audio.relay.audioNotIssued',
  audioOwnOrigin: 'speech.audio.relay.audioOwnOrigin',
  audioUnreachable: 'speech.audio.relay.audioUnreachable',
  audioTimeout: 'speech.audio.relay.audioTimeout',
  audioStatus: 'speech.audio.relay.audioStatus',
  audioTooLarge: 'speech.audio.relay.audioTooLarge',
};

/** The relay's refusals are a few hundred bytes; anything longer is not one of them. */
const MAX_REFUSAL_CHARS = 4096;

/**
 * Why the console's own relay (this origin's /api, so its marker is the console's) refused the
 * audio, in the operator's language and labelled as the console's server's; null for an answer
 * without a marker the contract knows (a proxy's page in front of the console), which the caller words.
 */
export async function relayRefusalReason(response: Response): Promise<string | null> {
  const isJson = /^application\/json\b/i.test(response.headers.get('Content-Type') ?? '');
  if (!isJson || Number(response.headers.get('Content-Length')) > MAX_REFUSAL_CHARS) {
    void response.body?.cancel().catch(() => undefined);
    return null;
  }
  let json: unknown;
  try {
    const text = await response.text();
    if (text.length > MAX_REFUSAL_CHARS) return null;
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof json !== 'object' || json === null) return null;
  const failure = audioRelayFailureSchema.safeParse((json as Record<string, unknown>)[CONSOLE_FAILURE_FIELD]);
  if (!failure.success) return null;
  const { reason, ...values } = failure.data;
  const said = t(RELAY_REFUSAL[reason], Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])));
  return `${t('common.error.consoleServerMessage')}${said}`;
}
