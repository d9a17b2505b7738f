import { t } from '@/i18n/i18n-store';
import { speechResultSchema, type SpeechRequest, type SpeechResult } from '@/contract';
import { callGateway } from '@/lib/api-client';
import type { Connection } from '@/lib/connection-profile';
import { GatewayRequestError } from '@/lib/gateway-error';
import { safeHttpUrl } from '@/lib/safe-http-url';

export type SynthesisInput = { connection: Connection; request: SpeechRequest };

/** Operation B: POST {base_url}/speechSynthesis/textToSpeech, answer parsed with the contract; an audio URL that is not http(s) is refused. */
export async function synthesizeSpeech({ connection, request }: SynthesisInput, signal?: AbortSignal): Promise<SpeechResult> {
  const result = await callGateway(connection, 'textToSpeech', request, speechResultSchema, { signal, timeoutMs: 60_000 });
  if (!safeHttpUrl(result.targetAudioUrl)) {
    throw new GatewayRequestError({
      operation: 'textToSpeech',
      kind: 'contract',
      httpStatus: 200,
      message: t('speech.error.notHttpUrl'),
    });
  }
  return result;
}
