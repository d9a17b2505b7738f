import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionStore, DEFAULT_PROFILE } from '@/lib/connection-store';
import { renderWithClient } from '@/testing/render-with-client';
import { SettingsPage } from './settings-page';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>(async (input) =>
  String(input).endsWith('/_console/info')
    ? json({ code: 0, message: 'OK', data: { mode: 'embedded', emulator: true, defaultToken: 'dev-token', defaultUserId: '10001' } })
    : json({ code: 0, message: 'OK', data: [] }),
);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  connectionStore.set({ profiles: [DEFAULT_PROFILE], activeId: 'local' });
  fetchMock.mockClear(); // each test counts only its own requests, whatever ran before it
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('SettingsPage', () => {
  it('labels every field and masks the token until shown', async () => {
    renderWithClient(<SettingsPage />);
    for (const label of ['Profile name', 'Gateway URL', 'User ID', 'Channel', 'App source']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    const token = screen.getByLabelText('Token');
    expect(token).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show token' }));
    expect(token).toHaveAttribute('type', 'text');
    expect(screen.getByRole('checkbox', { name: 'Remember on this device' })).not.toBeChecked();
  });

  it('never saves invalid values, and shows each error beside its field', async () => {
    renderWithClient(<SettingsPage />);
    await userEvent.type(screen.getByLabelText('User ID'), '12ab');
    await userEvent.clear(screen.getByLabelText('Gateway URL'));
    await userEvent.type(screen.getByLabelText('Gateway URL'), 'gw.example.com');
    await userEvent.type(screen.getByLabelText('Channel'), 'one');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('User ID must contain digits only')).toHaveAttribute('role', 'alert');
    expect(screen.getByText('Use /api (this server) or an absolute http(s):// URL')).toHaveAttribute('role', 'alert');
    expect(screen.getByText('Channel must be a whole number')).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText('User ID')).toHaveAttribute('aria-invalid', 'true');
    expect(connectionStore.get().profiles).toEqual([DEFAULT_PROFILE]);
    expect(localStorage.length).toBe(0);
  });

  it('saves a 19-digit user ID as the same string', async () => {
    renderWithClient(<SettingsPage />);
    await userEvent.type(screen.getByLabelText('User ID'), '9223372036854775807');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(connectionStore.get().profiles[0]?.userId).toBe('9223372036854775807'));
  });

  it('"Use the local gateway" fills, saves and tests the local profile', async () => {
    renderWithClient(<SettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Use the local gateway' }));
    expect(await screen.findByText(/^Connected to the local gateway as user 10001\. Token: not checked/)).toHaveAttribute('role', 'status');
    expect(connectionStore.get().profiles[0]).toMatchObject({
      gatewayUrl: '/api',
      token: 'dev-token',
      userId: '10001',
      rememberToken: true,
    });
    expect(screen.getByLabelText('User ID')).toHaveValue('10001');
    // Two valid status queries, with the token and without it; no speech request (the spec gives no harmless one).
    const calls = fetchMock.mock.calls.filter(([url]) => !String(url).endsWith('/_console/info'));
    expect(calls.map(([url]) => url)).toEqual(['/api/textRemoval/taskStatus', '/api/textRemoval/taskStatus']);
    expect(calls.map(([, init]) => init?.body)).toEqual(Array(2).fill(JSON.stringify({ taskIds: ['Service_AI_connection_check'] })));
    expect(calls.map(([, init]) => new Headers(init?.headers).get('Authorization'))).toEqual(['Bearer dev-token', null]);
  });

  it('"Test connection" says the token was not checked when the gateway answers status queries without one', async () => {
    renderWithClient(<SettingsPage />);
    await userEvent.type(screen.getByLabelText('Token'), 'some-token');
    await userEvent.type(screen.getByLabelText('User ID'), '42');
    await userEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    const result = await screen.findByText(/^Reachable:/);
    expect(result).toHaveAttribute('role', 'status');
    expect(result).toHaveTextContent('/api answered a status query for user 42.');
    expect(result).toHaveTextContent(/Token: not checked — this gateway answers status queries without a token/);
    expect(result).not.toHaveTextContent(/accepted/);
  });

  it('says beside App source, as the channel is typed, that channel 100 makes the gateway ignore it', async () => {
    renderWithClient(<SettingsPage />);
    const appSource = screen.getByLabelText('App source');
    expect(appSource).toHaveAccessibleDescription(/Used by speech synthesis only when Channel is not 100/);
    await userEvent.type(screen.getByLabelText('Channel'), '100');
    expect(appSource).toHaveAccessibleDescription(/Not sent: on channel 100 the gateway ignores X-App-Source/);
    await userEvent.type(screen.getByLabelText('Channel'), '1');
    expect(appSource).toHaveAccessibleDescription(/Used by speech synthesis only when Channel is not 100/);
  });

  it('adds a profile, says so, and keeps the active one', async () => {
    renderWithClient(<SettingsPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Add profile' }));
    const name = screen.getByLabelText('Profile name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Staging');
    await userEvent.type(screen.getByLabelText('User ID'), '42');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByRole('radio', { name: 'Staging' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Local' })).toBeChecked();
    expect(screen.getByText(/Saved the new profile “Staging”. It is not active/)).toHaveAttribute('role', 'status');
    expect(connectionStore.get().profiles.map((p) => p.name)).toEqual(['Local', 'Staging']);
  });
});
