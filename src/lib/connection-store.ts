import { LOCAL_GATEWAY_URL } from './connection';
import type { ConnectionProfile } from './connection-profile';
import { createPersistedStore, createStore, session } from './persisted-store';
import { storedProfilesSchema, storedStringSchema, storedTokensSchema } from './stored-connection';

export type ConnectionState = { profiles: ConnectionProfile[]; activeId: string };

export const DEFAULT_PROFILE: ConnectionProfile = {
  id: 'local',
  name: 'Local',
  gatewayUrl: LOCAL_GATEWAY_URL,
  token: '',
  rememberToken: false,
  userId: '',
  channel: '',
  appSource: '',
};

/** The default profile's name in this visit's language; lib has no words, so the app hands it over (setDefaultProfileName). */
let defaultName = DEFAULT_PROFILE.name;

/** The profile a console starts with, named as this visit names it. */
export const defaultProfile = (): ConnectionProfile => ({ ...DEFAULT_PROFILE, name: defaultName });

// Profiles are stored without a token unless "remember on this device" is ticked; otherwise the
// token lives in sessionStorage. A stored profile may predate a user ID being set, so userId may be empty.
// Checked by hand (stored-connection.ts), as connectionProfileSchema would: no zod on a first visit.
const profilesStore = createPersistedStore('console.connection.profiles', storedProfilesSchema, []);
const sessionTokensStore = createPersistedStore('console.connection.session-tokens', storedTokensSchema, {}, session);
const activeIdStore = createPersistedStore('console.connection.active', storedStringSchema, '');

function load(): ConnectionState {
  const tokens = sessionTokensStore.get();
  const stored = profilesStore.get();
  const profiles: ConnectionProfile[] =
    stored.length > 0
      ? stored.map((p) => ({ ...DEFAULT_PROFILE, ...p, token: p.rememberToken ? p.token : (tokens[p.id] ?? '') }))
      : [DEFAULT_PROFILE];
  const active = activeIdStore.get();
  return { profiles, activeId: profiles.some((p) => p.id === active) ? active : profiles[0]!.id };
}

function persist(state: ConnectionState): void {
  profilesStore.save(state.profiles.map((p) => (p.rememberToken ? p : { ...p, token: '' })));
  sessionTokensStore.save(Object.fromEntries(state.profiles.filter((p) => !p.rememberToken && p.token).map((p) => [p.id, p.token])));
  activeIdStore.save(state.activeId);
}

export const connectionStore = createStore<ConnectionState>(load());

function update(next: ConnectionState) {
  persist(next);
  connectionStore.set(next);
}

export function activeProfile(state: ConnectionState): ConnectionProfile {
  return state.profiles.find((p) => p.id === state.activeId) ?? state.profiles[0] ?? DEFAULT_PROFILE;
}

/** Save (insert or replace) a profile that has already passed connectionProfileSchema. */
export function saveProfile(profile: ConnectionProfile, makeActive = true): void {
  const state = connectionStore.get();
  const exists = state.profiles.some((p) => p.id === profile.id);
  const profiles = exists ? state.profiles.map((p) => (p.id === profile.id ? profile : p)) : [...state.profiles, profile];
  update({ profiles, activeId: makeActive ? profile.id : state.activeId });
}

export function selectProfile(id: string): void {
  const state = connectionStore.get();
  if (state.profiles.some((p) => p.id === id)) update({ ...state, activeId: id });
}

export function deleteProfile(id: string): void {
  const state = connectionStore.get();
  const profiles = state.profiles.filter((p) => p.id !== id);
  const rest = profiles.length > 0 ? profiles : [defaultProfile()];
  update({ profiles: rest, activeId: rest.some((p) => p.id === state.activeId) ? state.activeId : rest[0]!.id });
}

/**
 * A blank profile for the "Add profile" form; nothing is stored until it is saved. Its suggested
 * name is `nameFor(n)`: Settings passes its words ("Profile 3", "配置 3").
 */
export function draftProfile(state: ConnectionState, now = Date.now(), nameFor = (n: number) => `Profile ${n}`): ConnectionProfile {
  const taken = new Set(state.profiles.map((p) => p.name));
  let n = state.profiles.length + 1;
  while (taken.has(nameFor(n))) n++;
  return { ...DEFAULT_PROFILE, id: `profile-${now.toString(36)}`, name: nameFor(n) };
}

/** Changes whenever the data on screen would belong to another gateway, user or profile (never the token). */
export function scopeKeyOf(state: ConnectionState): string {
  const p = activeProfile(state);
  return [p.id, p.gatewayUrl, p.userId].join('\u0000');
}

/**
 * Names the default profile in the visit's language ("Local", "本地"): the one shown while no
 * profile is stored, and the one that replaces the last profile deleted. A stored profile keeps
 * the name it was saved with, whatever the language; the operator's names are never changed.
 */
export function setDefaultProfileName(name: string): void {
  defaultName = name;
  if (profilesStore.get().length > 0) return;
  const state = connectionStore.get();
  connectionStore.set({ ...state, profiles: state.profiles.map((p) => (p.id === DEFAULT_PROFILE.id ? defaultProfile() : p)) });
}
