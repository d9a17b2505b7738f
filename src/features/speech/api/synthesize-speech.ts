import { useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { speechResultSchema, type SpeechRequest, type SpeechResult } from '@/contract';
import { callGateway } from '@/lib/api-client';
import type { Connection } from '@/lib/connection-profile';
import { GatewayRequestError } from '@/lib/gateway-error';
import { safeAudioUrl } from '../utils/safe-audio-url';

export type SynthesisInput = { connection: Connection; request: SpeechRequest };

/** Operation B: POST {base_url}/speechSynthesis/textToSpeech, answer parsed with the contract; an audio URL that is not http(s) is refused. */
export async function synthesizeSpeech({ connection, request }: SynthesisInput, signal?: AbortSignal): Promise<SpeechResult> {
  const result = await callGateway(connection, 'textToSpeech', request, speechResultSchema, { signal, timeoutMs: 60_000 });
  if (!safeAudioUrl(result.targetAudioUrl)) {
    throw new GatewayRequestError({
      operation: 'textToSpeech',
      kind: 'contract',
      httpStatus: 200,
      message: "The gateway's audio URL is not an absolute http(s) URL, so it was not fetched, played or linked",
    });
  }
  return result;
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
