import { t } from '@/i18n/i18n-store';
import { normalizeAudioFormat } from '@/contract';
import { GatewayRequestError } from '@/lib/gateway-error';
import { type PcmFormat, fetchAudio, NotAudioError } from '../audio';
import { newTakeId, type LoadedTake, type Take } from './take';
import { synthesizeSpeech, type SynthesisInput } from './synthesize-speech';

export type TakeInput = SynthesisInput & { pcmFormat: PcmFormat };

/**
 * One take as the operator sees it: synthesize, then fetch the audio, under one signal. Aborting
 * the signal drops the take at either step; an audio download that fails keeps the take without bytes;
 * an answer that is not audio is no take at all (NotAudioError).
 */
export async function makeTake({ connection, request, pcmFormat }: TakeInput, signal: AbortSignal): Promise<LoadedTake> {
  const result = await synthesizeSpeech({ connection, request }, signal);
  const requested = normalizeAudioFormat(request.format);
  const audio = await fetchAudio(result.targetAudioUrl, signal, { requested, ticket: result.consoleAudioTicket }).catch((e: unknown) => {
    if (signal.aborted)
      throw new GatewayRequestError({ operation: 'textToSpeech', kind: 'aborted', message: t('speech.error.cancelledRequest') });
    // Not audio: no take (nothing to play, keep or download), and the operator learns which task it was.
    if (e instanceof NotAudioError) throw new NotAudioError(t('speech.error.nothingKept', { message: e.message, taskId: result.taskId }));
    throw e;
  });
  const blob = audio.kept ? audio.blob : null;
  const { token: _token, ...where } = connection;
  const take: Take = {
    id: newTakeId(),
    createdAt: Date.now(),
    connection: where,
    request,
    result,
    format: audio.kept ? audio.format : requested,
    pcmFormat,
    audio: audio.kept ? { kept: true, contentType: audio.contentType, byteLength: audio.blob.size } : { kept: false, reason: audio.reason },
  };
  return { take, audio: blob };
}
