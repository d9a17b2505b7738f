import { useState } from 'react';
import { connectionProfileSchema, LOCAL_GATEWAY_URL, toConnection, type ConnectionProfile } from '@/lib/connection-profile';
import { connectionStore, DEFAULT_PROFILE, defaultProfile, saveProfile } from '@/lib/connection-store';
import { useActiveConnection } from '@/hooks/use-connection';
import { useConsoleInfo, type ConsoleInfo } from '../api/get-console-info';
import { useTestConnection } from '../api/test-connection';

/** Fill the "Local" profile with the embedded gateway's working values; its token is a local dev token, so it is remembered on this device. */
function localGatewayProfile(info: ConsoleInfo, existing: ConnectionProfile | undefined): ConnectionProfile {
  return connectionProfileSchema.parse({
    ...(existing ?? defaultProfile()),
    gatewayUrl: LOCAL_GATEWAY_URL,
    token: info.defaultToken ?? '',
    rememberToken: true,
    userId: info.defaultUserId ?? '',
  });
}

/**
 * The "Use the local gateway" action: offered only when this server runs the embedded gateway.
 * Applying saves the working values as the active "Local" profile and checks them once.
 */
export function useLocalGateway(onApplied?: (profile: ConnectionProfile) => void) {
  const info = useConsoleInfo();
  const test = useTestConnection();
  const [error, setError] = useState<unknown>(null);
  // The outcome speaks for the values applied; once another profile or value is active it would mislead.
  const active = useActiveConnection();
  const tested = test.variables?.connection;
  const localActive = tested !== undefined && JSON.stringify(tested) === JSON.stringify(active);
  const data = info.data?.mode === 'embedded' ? info.data : null;
  const apply = () => {
    if (!data) return;
    setError(null);
    try {
      const existing = connectionStore.get().profiles.find((p) => p.id === DEFAULT_PROFILE.id);
      const profile = localGatewayProfile(data, existing);
      saveProfile(profile, true);
      onApplied?.(profile);
      test.mutate({ connection: toConnection(profile), recordHealth: true });
    } catch (e) {
      setError(e);
    }
  };
  // settled: the server has answered (or failed to), so `info` null means it has no embedded gateway.
  return { info: data, settled: !info.isPending, apply, test, localActive, error };
}
