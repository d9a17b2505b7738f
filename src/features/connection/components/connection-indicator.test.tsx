import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordGatewayOutcome, resetGatewayHealth } from '@/lib/connection-health';
import { GatewayRequestError } from '@/lib/gateway-error';
import { connectionStore, DEFAULT_PROFILE } from '@/lib/connection-store';
import { renderWithClient } from '@/testing/render-with-client';
import { ConnectionIndicator } from './connection-indicator';

const fetchMock = vi.fn<typeof fetch>();
const answer = (body: unknown, status = 200) => fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }));

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  resetGatewayHealth();
});
afterEach(() => vi.unstubAllGlobals());

describe('ConnectionIndicator', () => {
  it('says "Not set up" and asks nothing of the gateway without a user ID', () => {
    connectionStore.set({ profiles: [DEFAULT_PROFILE], activeId: 'local' });
    renderWithClient(<ConnectionIndicator />);
    expect(screen.getByRole('status')).toHaveTextContent('Not set up');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks once with a valid status query only, and says "Reachable" (not OK): the token was not checked', async () => {
    answer({ code: 0, message: 'OK', data: [] });
    connectionStore.set({ profiles: [{ ...DEFAULT_PROFILE, userId: '10001', token: 't' }], activeId: 'local' });
    renderWithClient(<ConnectionIndicator />);
    const state = await screen.findByText('Reachable');
    expect(state).toHaveAttribute('role', 'status');
    expect(state.title).toMatch(/Token not checked yet/);
    expect(screen.getByRole('link', { name: /Connection: Local \/api user 10001/ })).toHaveAttribute('href', '/settings');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/textRemoval/taskStatus');
    expect(init?.body).toBe(JSON.stringify({ taskIds: ['Service_AI_connection_check'] }));
  });

  it('says "No token" when the profile has none (a session token gone after a restart), never OK', async () => {
    answer({ code: 0, message: 'OK', data: [] });
    connectionStore.set({ profiles: [{ ...DEFAULT_PROFILE, userId: '10001', token: '' }], activeId: 'local' });
    renderWithClient(<ConnectionIndicator />);
    const state = await screen.findByRole('status');
    await waitFor(() => expect(state).toHaveTextContent(/^No token/));
    expect(state).toHaveTextContent(/speech synthesis needs one/);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    act(() => resetGatewayHealth());
  });

  it('says "OK" once a synthesis was answered with the token, and keeps it through business errors', async () => {
    answer({ code: 0, message: 'OK', data: [] });
    connectionStore.set({ profiles: [{ ...DEFAULT_PROFILE, userId: '10001', token: 't' }], activeId: 'local' });
    renderWithClient(<ConnectionIndicator />);
    await screen.findByText('Reachable');
    const connection = { gatewayUrl: '/api', token: 't', userId: '10001', channel: '', appSource: '' };
    act(() => recordGatewayOutcome(connection, 'textToSpeech', null));
    expect(await screen.findByText('OK')).toHaveAttribute('role', 'status');
    const points = new GatewayRequestError({
      operation: 'textToSpeech',
      kind: 'envelope',
      code: 10091,
      httpStatus: 200,
      message: 'insufficient points',
    });
    act(() => recordGatewayOutcome(connection, 'textToSpeech', points));
    expect(await screen.findByText('OK')).toHaveAttribute('role', 'status');
    act(() => resetGatewayHealth());
  });

  it('keeps saying the token was rejected by a synthesis while status polls succeed', async () => {
    answer({ code: 0, message: 'OK', data: [] });
    connectionStore.set({ profiles: [{ ...DEFAULT_PROFILE, userId: '10001', token: 't' }], activeId: 'local' });
    renderWithClient(<ConnectionIndicator />);
    await screen.findByText('Reachable');
    const connection = { gatewayUrl: '/api', token: 't', userId: '10001', channel: '', appSource: '' };
    const refused = new GatewayRequestError({
      operation: 'textToSpeech',
      kind: 'envelope',
      code: 401,
      httpStatus: 401,
      message: 'Unauthorized',
    });
    act(() => recordGatewayOutcome(connection, 'textToSpeech', refused));
    expect(await screen.findByText(/^Failing: Token rejected/)).toHaveAttribute('role', 'status');
    act(() => recordGatewayOutcome(connection, 'taskStatus', null));
    const state = screen.getByRole('status');
    expect(state).toHaveTextContent(/^Token rejected\. .*refused this token for speech synthesis/);
    act(() => resetGatewayHealth());
  });

  it('says "No token set" when the gateway refuses a status query sent without one', async () => {
    answer({ code: 401, message: 'Unauthorized', data: null }, 401);
    connectionStore.set({ profiles: [{ ...DEFAULT_PROFILE, userId: '10001', token: '' }], activeId: 'local' });
    renderWithClient(<ConnectionIndicator />);
    expect(await screen.findByText(/Failing: No token set/)).toHaveAttribute('role', 'status');
    act(() => resetGatewayHealth());
  });

  it('shows why the last answer failed', async () => {
    answer({ code: 401, message: 'Unauthorized: the token was not accepted', data: null }, 401);
    connectionStore.set({ profiles: [{ ...DEFAULT_PROFILE, userId: '10001', token: 'bad' }], activeId: 'local' });
    renderWithClient(<ConnectionIndicator />);
    expect(await screen.findByText(/Failing: Token rejected/)).toHaveAttribute('role', 'status');
    act(() => resetGatewayHealth());
  });
});
