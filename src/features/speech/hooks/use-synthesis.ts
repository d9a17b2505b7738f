import { useRef, useState } from 'react';
import { normalizeAudioFormat, type SpeechRequest } from '@/contract';
import { useActiveConnection } from '@/lib/connection-store';
import { GatewayRequestError } from '@/lib/gateway-error';
import { fetchAudio } from '../api/fetch-audio';
import { useSynthesizeSpeech } from '../api/synthesize-speech';
import { addTake } from '../stores/history-store';
import { studioSettingsStore } from '../stores/studio-settings';
import { newTakeId, type LoadedTake, type Take } from '../stores/take';
import { sniffAudioFormat } from '../utils/sniff-audio';

/** Send, then fetch the audio, then keep the take: one step as far as the operator is concerned. */
export function useSynthesis(onTake: (loaded: LoadedTake) => void) {
  const connection = useActiveConnection();
  const mutation = useSynthesizeSpeech();
  const [fetchingAudio, setFetchingAudio] = useState(false);
  const [audioCancelled, setAudioCancelled] = useState<GatewayRequestError | null>(null);
  const audioController = useRef<AbortController | null>(null);

  async function synthesize(request: SpeechRequest): Promise<void> {
    setAudioCancelled(null);
    const result = await mutation.mutateAsync({ connection, request });
    const controller = new AbortController();
    audioController.current = controller;
    setFetchingAudio(true);
    try {
      const audio = await fetchAudio(result.targetAudioUrl, controller.signal).catch((e: unknown) => {
        if (!controller.signal.aborted) throw e;
        const cancelled = new GatewayRequestError({ operation: 'textToSpeech', kind: 'aborted', message: 'Request cancelled' });
        setAudioCancelled(cancelled);
        throw cancelled;
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
        pcmFormat: studioSettingsStore.get().pcm,
        audio: audio.kept
          ? { kept: true, contentType: audio.contentType, byteLength: audio.blob.size }
          : { kept: false, reason: audio.reason },
      };
      onTake({ take, audio: blob });
      void addTake(take, blob);
    } finally {
      setFetchingAudio(false);
    }
  }

  return {
    synthesize,
    cancel: () => {
      mutation.cancel();
      audioController.current?.abort();
    },
    reset: mutation.reset,
    pending: mutation.isPending || fetchingAudio,
    error: mutation.error ?? audioCancelled,
  };
}
