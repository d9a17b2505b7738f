import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { connectionProfileSchema, LOCAL_GATEWAY_URL, toConnection, type ConnectionProfile } from '@/lib/connection-profile';
import { connectionStore, DEFAULT_PROFILE, saveProfile, useActiveConnection } from '@/lib/connection-store';
import { useConsoleInfo, type ConsoleInfo } from '../api/get-console-info';
import { useTestConnection } from '../api/test-connection';

/** Fill the "Local" profile with the embedded gateway's working values. */
export function localGatewayProfile(info: ConsoleInfo, existing: ConnectionProfile | undefined): ConnectionProfile {
  return connectionProfileSchema.parse({
    ...(existing ?? DEFAULT_PROFILE),
    gatewayUrl: LOCAL_GATEWAY_URL,
    token: info.defaultToken ?? '',
    userId: info.defaultUserId ?? '',
  });
}

/** Shown only when this server runs the embedded gateway: one click and a new user is connected. */
export function LocalGatewayCard({ onApplied }: { onApplied: (profile: ConnectionProfile) => void }) {
  const info = useConsoleInfo();
  const test = useTestConnection();
  const [error, setError] = useState<unknown>(null);
  // The outcome speaks for the values applied; once another profile or value is active it would mislead.
  const active = useActiveConnection();
  const tested = test.variables?.connection;
  const localActive = tested !== undefined && JSON.stringify(tested) === JSON.stringify(active);
  if (info.data?.mode !== 'embedded') return null;
  const data = info.data;
  const apply = () => {
    setError(null);
    try {
      const existing = connectionStore.get().profiles.find((p) => p.id === DEFAULT_PROFILE.id);
      const profile = localGatewayProfile(data, existing);
      saveProfile(profile, true);
      onApplied(profile);
      test.mutate({ connection: toConnection(profile), recordHealth: true });
    } catch (e) {
      setError(e);
    }
  };
  return (
    <section className="card local-gateway" aria-labelledby="local-gateway-title">
      <h2 id="local-gateway-title">Local gateway</h2>
      <p>This server runs the embedded gateway at {LOCAL_GATEWAY_URL}. Use it with its demo token and user ID.</p>
      <button type="button" className="primary" onClick={apply} disabled={test.isPending}>
        Use the local gateway
      </button>
      {localActive && test.isSuccess && <p role="status" className="test-ok">Connected to the local gateway as user {data.defaultUserId}.</p>}
      {localActive && test.isError && <ErrorAlert error={test.error} />}
      {error !== null && <ErrorAlert error={error} title="The server's default values are not usable" />}
    </section>
  );
}
