import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionProfile } from './connection-profile';

const staging: ConnectionProfile = {
  id: 'staging',
  name: 'Staging',
  gatewayUrl: 'https://gw.example.com',
  token: 'tok-staging',
  rememberToken: false,
  userId: '9223372036854775807',
  channel: '3',
  appSource: 'console',
};

async function freshStore() {
  vi.resetModules();
  return import('./connection-store');
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('connection store', () => {
  it('starts with the local profile when nothing is stored, or when storage is corrupt', async () => {
    localStorage.setItem('console.connection.profiles', '{not json');
    const { connectionStore, DEFAULT_PROFILE } = await freshStore();
    expect(connectionStore.get()).toEqual({ profiles: [DEFAULT_PROFILE], activeId: 'local' });
  });

  it('keeps the token out of localStorage unless remember is ticked', async () => {
    const store = await freshStore();
    store.saveProfile(staging);
    expect(JSON.stringify({ ...localStorage })).not.toContain('tok-staging');
    expect(sessionStorage.getItem('console.connection.session-tokens')).toContain('tok-staging');
    store.saveProfile({ ...staging, rememberToken: true });
    expect(localStorage.getItem('console.connection.profiles')).toContain('tok-staging');
    expect(sessionStorage.getItem('console.connection.session-tokens')).not.toContain('tok-staging');
  });

  it('reloads profiles, session tokens and the active profile, with the user ID as the same string', async () => {
    (await freshStore()).saveProfile(staging);
    const { connectionStore, activeProfile } = await freshStore();
    expect(activeProfile(connectionStore.get())).toEqual(staging);
    sessionStorage.clear(); // a new browser session
    const again = await freshStore();
    expect(again.activeProfile(again.connectionStore.get())).toEqual({ ...staging, token: '' });
  });

  it('renames, selects and deletes; the last profile gives way to the default', async () => {
    const store = await freshStore();
    store.saveProfile(staging);
    store.saveProfile({ ...staging, name: 'Staging EU' }, false);
    expect(store.connectionStore.get().profiles.map((p) => p.name)).toEqual(['Local', 'Staging EU']);
    store.selectProfile('local');
    expect(store.connectionStore.get().activeId).toBe('local');
    store.selectProfile('nope');
    expect(store.connectionStore.get().activeId).toBe('local');
    store.deleteProfile('local');
    expect(store.connectionStore.get()).toMatchObject({ activeId: 'staging' });
    store.deleteProfile('staging');
    expect(store.connectionStore.get()).toEqual({ profiles: [store.DEFAULT_PROFILE], activeId: 'local' });
  });

  it('drafts a new profile with a free name and a new id, saving nothing', async () => {
    const store = await freshStore();
    const state = { profiles: [store.DEFAULT_PROFILE, { ...staging, name: 'Profile 2' }], activeId: 'local' };
    const draft = store.draftProfile(state, 1234);
    expect(draft).toMatchObject({ id: 'profile-ya', name: 'Profile 3', gatewayUrl: '/api', token: '' });
    expect(localStorage.length).toBe(0);
  });

  it('names the draft in the words Settings passes (the operator language)', async () => {
    const store = await freshStore();
    const state = { profiles: [store.DEFAULT_PROFILE, { ...staging, name: '配置 2' }], activeId: 'local' };
    expect(store.draftProfile(state, 1234, (n) => `配置 ${n}`).name).toBe('配置 3');
  });
});
