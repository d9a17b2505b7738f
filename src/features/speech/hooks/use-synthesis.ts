import { useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { SpeechRequest } from '@/contract';
import { useActiveConnection } from '@/hooks/use-connection';
import { makeTake, type TakeInput } from '../api/make-take';
import { normalizeLoadedTake } from '../api/normalize-loaded-take';
import type { LoadedTake } from '../model/take';
import { addTake } from '../stores/history-store';
import { loudnessSettingStore, loudnessTarget } from '../stores/loudness-setting';
import { studioSettingsStore } from '../stores/studio-settings';

/** Send, fetch the audio, keep the take: one mutation with one signal, as it is one step for the operator. */
export function useSynthesis(onTake: (loaded: LoadedTake) => void) {
  const connection = useActiveConnection();
  // A mutation gets no signal from react-query: each send owns one controller, and Cancel aborts it.
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: async (input: TakeInput) => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      // Brought to the loudness setting's target (in a worker) before it is played or kept.
      const loaded = await normalizeLoadedTake(await makeTake(input, own.signal), loudnessTarget(loudnessSettingStore.get()));
      onTake(loaded);
      void addTake(loaded.take, loaded.audio);
      return loaded;
    },
  });

  return {
    synthesize: async (request: SpeechRequest): Promise<void> => {
      await mutation.mutateAsync({ connection, request, pcmFormat: studioSettingsStore.get().pcm });
    },
    cancel: () => controller.current?.abort(),
    pending: mutation.isPending,
    error: mutation.error,
  };
}
