import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activeProfile, connectionStore, DEFAULT_PROFILE } from '@/lib/connection-store';
import { renderWithClient } from '@/testing/render-with-client';
import { SetupNotice } from './setup-notice';

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
const embedded = { mode: 'embedded', emulator: true, defaultToken: 'dev-token', defaultUserId: '10001' };

function serverSays(info: unknown) {
  const fetchMock = vi.fn<typeof fetch>(async (input) =>
    String(input).endsWith('/_console/info') ? json({ code: 0, message: 'OK', data: info }) : json({ code: 0, message: 'OK', data: [] }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  connectionStore.set({ profiles: [DEFAULT_PROFILE], activeId: 'local' });
});
afterEach(() => vi.unstubAllGlobals());

describe('SetupNotice', () => {
  it('connects a new user to the embedded gateway in one click, then goes away', async () => {
    const fetchMock = serverSays(embedded);
    renderWithClient(<SetupNotice />);
    expect(await screen.findByRole('region', { name: 'Connection setup' })).toHaveTextContent('No user ID is set');
    await userEvent.click(await screen.findByRole('button', { name: 'Use the local gateway' }));
    const profile = activeProfile(connectionStore.get());
    expect(profile).toMatchObject({ gatewayUrl: '/api', userId: '10001', token: 'dev-token' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Connection setup' })).not.toBeInTheDocument());
    // The values were checked once with a status query carrying the applied user ID.
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/textRemoval/taskStatus'))).toBe(true));
    const check = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/textRemoval/taskStatus'));
    expect(new Headers(check?.[1]?.headers).get('X-User-Id')).toBe('10001');
  });

  it('shows the notice while its actions are still loading, so it never pushes the page down when they arrive', async () => {
    serverSays(embedded);
    // A fresh module graph whose lazy chunk never arrives (the lazy component above has long resolved).
    vi.resetModules();
    vi.doMock('./local-gateway-action', () => new Promise(() => undefined));
    const { SetupNotice: LoadingNotice } = await import('./setup-notice');
    // The fresh graph has a fresh message store too.
    await (await import('@/i18n/i18n-store')).loadAllNamespaces('en');
    renderWithClient(<LoadingNotice />);
    expect(screen.getByRole('region', { name: 'Connection setup' })).toHaveTextContent('No user ID is set');
    expect(screen.getByRole('link', { name: 'Open Settings' })).toHaveAttribute('href', '/settings');
    vi.doUnmock('./local-gateway-action');
  });

  it('is information, not an error: a named region with no alert role and no error styling', async () => {
    serverSays(embedded);
    renderWithClient(<SetupNotice />);
    const notice = screen.getByRole('region', { name: 'Connection setup' });
    expect(notice).toHaveTextContent('No user ID is set, so the console cannot ask a gateway anything yet.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(notice).not.toHaveClass('alert-error');
    await screen.findByRole('button', { name: 'Use the local gateway' });
  });

  it('offers only Settings when the server is a proxy', async () => {
    const fetchMock = serverSays({ mode: 'proxy', emulator: false, defaultUserId: '10001' });
    renderWithClient(<SetupNotice />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(await screen.findByRole('link', { name: 'Open Settings' })).toHaveAttribute('href', '/settings');
    expect(await screen.findByText("Ask your gateway's operator for them.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use the local gateway' })).not.toBeInTheDocument();
  });

  it('shows nothing, and asks the server nothing, once a user ID is set', () => {
    const fetchMock = serverSays(embedded);
    connectionStore.set({ profiles: [{ ...DEFAULT_PROFILE, userId: '42' }], activeId: 'local' });
    const { container } = renderWithClient(<SetupNotice />);
    expect(container).toBeEmptyDOMElement();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
