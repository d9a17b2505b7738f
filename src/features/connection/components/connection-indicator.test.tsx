import { act, screen } from '@testing-library/react';
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

  it('checks once (status, then the token with a speech request that lacks sourceText) and shows gateway, user and OK', async () => {
    answer({ code: 0, message: 'OK', data: [] });
    answer({ code: 2000, message: 'Missing Parameter: sourceText', data: null });
    connectionStore.set({ profiles: [{ ...DEFAULT_PROFILE, userId: '10001' }], activeId: 'local' });
    renderWithClient(<ConnectionIndicator />);
    expect(await screen.findByText('OK')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('link', { name: /Connection: Local \/api user 10001/ })).toHaveAttribute('href', '/settings');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('says "No token set" when a request without a token is refused, and stays OK on business errors', async () => {
    answer({ code: 0, message: 'OK', data: [] });
    answer({ code: 401, message: 'Unauthorized', data: null }, 401);
    connectionStore.set({ profiles: [{ ...DEFAULT_PROFILE, userId: '10001', token: '' }], activeId: 'local' });
    renderWithClient(<ConnectionIndicator />);
    expect(await screen.findByText(/Failing: No token set/)).toHaveAttribute('role', 'status');
    const connection = { gatewayUrl: '/api', token: '', userId: '10001', channel: '', appSource: '' };
    act(() =>
      recordGatewayOutcome(
        connection,
        new GatewayRequestError({
          operation: 'textToSpeech',
          kind: 'envelope',
          code: 10091,
          httpStatus: 200,
          message: 'insufficient points',
        }),
      ),
    );
    expect(await screen.findByText('OK')).toHaveAttribute('role', 'status');
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
