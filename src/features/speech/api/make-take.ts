import { normalizeAudioFormat } from '@/contract';
import { GatewayRequestError } from '@/lib/gateway-error';
import type { PcmFormat } from '../model/pcm-to-wav';
import { sniffAudioFormat } from '../model/sniff-audio';
import { newTakeId, type LoadedTake, type Take } from '../model/take';
import { fetchAudio } from './fetch-audio';
import { synthesizeSpeech, type SynthesisInput } from './synthesize-speech';

export type TakeInput = SynthesisInput & { pcmFormat: PcmFormat };

/**
 * One take as the operator sees it: synthesize, then fetch the audio, under one signal. Aborting
 * the signal drops the take at either step; an audio download that fails keeps the take without bytes.
 */
export async function makeTake({ connection, request, pcmFormat }: TakeInput, signal: AbortSignal): Promise<LoadedTake> {
  const result = await synthesizeSpeech({ connection, request }, signal);
  const audio = await fetchAudio(result.targetAudioUrl, signal).catch((e: unknown) => {
    if (!signal.aborted) throw e;
    throw new GatewayRequestError({ operation: 'textToSpeech', kind: 'aborted', message: 'Request cancelled' });
  });
  const blob = audio.kept ? audio.blob : null;
  const requested = normalizeAudioFormat(request.format);
  const { token: _token, ...where } = connection;
  const take: Take = {
    id: newTakeId(),
    createdAt: Date.now(),
    connection: where,
    request,
    result,
    format: blob ? await sniffAudioFormat(blob, requested) : requested,
    pcmFormat,
    audio: audio.kept ? { kept: true, contentType: audio.contentType, byteLength: audio.blob.size } : { kept: false, reason: audio.reason },
  };
  return { take, audio: blob };
}
