import { t } from '@/i18n/i18n-store';
import { queryOptions } from '@tanstack/react-query';
import type { Connection } from '@/lib/connection-profile';
import { GatewayRequestError } from '@/lib/gateway-error';
import { voiceSampleText } from './voice-sample';
import { fetchAudio } from '../audio';
import { synthesizeSpeech } from '../take';

type SampleInput = { connection: Connection; voiceName: string; targetLanguage: string };

/**
 * A short sample of one voice, synthesized once per gateway, user, voice and language and then
 * kept for the session (it costs points). The key holds no token.
 */
export const voiceSampleQueryOptions = ({ connection, voiceName, targetLanguage }: SampleInput) =>
  queryOptions({
    queryKey: ['speech', 'voice-sample', connection.gatewayUrl, connection.userId, voiceName.trim(), targetLanguage.trim()],
    queryFn: async ({ signal }) => {
      const request = {
        sourceText: voiceSampleText(voiceName, targetLanguage),
        voiceName: voiceName.trim(),
        ...(targetLanguage.trim() ? { targetLanguage: targetLanguage.trim() } : {}),
        format: 'mp3',
      };
      const result = await synthesizeSpeech({ connection, request }, signal);
      const audio = await fetchAudio(result.targetAudioUrl, signal, { ticket: result.consoleAudioTicket });
      if (!audio.kept) {
        throw new GatewayRequestError({
          operation: 'textToSpeech',
          kind: 'network',
          message: t('speech.hear.unreadable', { reason: audio.reason }),
        });
      }
      return audio.blob;
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
