import { act, render, screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { connectionScope } from '@/lib/connection-profile';
import { saveProfile, selectProfile, DEFAULT_PROFILE } from '@/lib/connection-store';
import { useActiveConnection } from '@/hooks/use-connection';
import { AppProvider } from './provider';
import { ConnectionScoped } from './connection-scoped';

function GatewayData() {
  const connection = useActiveConnection();
  // A query function that never settles for the second gateway: stale data must not stand in for it.
  const query = useQuery({
    queryKey: ['probe', ...connectionScope(connection)],
    queryFn: () => (connection.gatewayUrl === '/api' ? Promise.resolve('local data') : new Promise<string>(() => undefined)),
    placeholderData: (previous) => previous,
  });
  return <p>{query.data ?? 'loading'}</p>;
}

describe('AppProvider', () => {
  it('drops every cached answer and placeholder when the active profile changes', async () => {
    saveProfile({ ...DEFAULT_PROFILE, id: 'other', name: 'Other', gatewayUrl: 'https://other.example.com', userId: '2' }, false);
    render(
      <AppProvider>
        <ConnectionScoped>
          <GatewayData />
        </ConnectionScoped>
      </AppProvider>,
    );
    expect(await screen.findByText('local data')).toBeInTheDocument();
    act(() => selectProfile('other'));
    expect(await screen.findByText('loading')).toBeInTheDocument();
    expect(screen.queryByText('local data')).not.toBeInTheDocument();
  });
});
