import { useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { speechResultSchema, type SpeechRequest, type SpeechResult } from '@/contract';
import { callGateway } from '@/lib/api-client';
import type { Connection } from '@/lib/connection-profile';

export type SynthesisInput = { connection: Connection; request: SpeechRequest };

/** Operation B: POST {base_url}/speechSynthesis/textToSpeech, answer parsed with the contract. */
export function synthesizeSpeech({ connection, request }: SynthesisInput, signal?: AbortSignal): Promise<SpeechResult> {
  return callGateway(connection, 'textToSpeech', request, speechResultSchema, { signal, timeoutMs: 60_000 });
}

/** The mutation plus cancel(): each send gets its own AbortController. */
export function useSynthesizeSpeech() {
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: (input: SynthesisInput) => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      return synthesizeSpeech(input, own.signal);
    },
  });
  const cancel = () => controller.current?.abort();
  return { ...mutation, cancel };
}
