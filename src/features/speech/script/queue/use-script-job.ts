import { useQuery } from '@tanstack/react-query';
import { useActiveConnection } from '@/hooks/use-connection';
import { LOCAL_GATEWAY_URL } from '@/lib/connection-profile';
import { activeProfile, connectionStore } from '@/lib/connection-store';
import { consoleInfoQueryOptions } from '@/lib/console-info';
import { scriptJobStore, type ScriptEnv } from './script-queue-store';
import { studioSettingsStore } from '../../form';

/** The script being made (null when none). */
export const useScriptJob = () => scriptJobStore.use();

/**
 * Where the script's lines go: the active connection (and its profile's lexicon, even if another profile is
 * made active while the queue runs), and as many at once as the embedded gateway
 * says one user may have (its console info); another gateway says nothing, so the queue's default.
 */
export function useScriptEnv(): () => ScriptEnv {
  const connection = useActiveConnection();
  const info = useQuery(consoleInfoQueryOptions());
  const local = connection.gatewayUrl.replace(/\/+$/, '') === LOCAL_GATEWAY_URL;
  const concurrency = local ? info.data?.speechQueuePerUser : undefined;
  return () => ({ connection, profileId: activeProfile(connectionStore.get()).id, pcmFormat: studioSettingsStore.get().pcm, concurrency });
}
