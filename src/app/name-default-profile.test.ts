import { beforeEach, describe, expect, it, vi } from 'vitest';

// Issue 39: the profile a first visit starts with is named in that visit's language ("Local" was
// English in zh-CN too); a profile the operator saved keeps its name.

/** A first visit in `locale`: fresh modules, its common messages loaded, then the app names the default. */
async function visit(locale: 'en' | 'zh-CN') {
  vi.resetModules();
  localStorage.setItem('console.locale', JSON.stringify(locale));
  const i18n = await import('@/i18n/i18n-store');
  await i18n.startLocale(['common']);
  const store = await import('@/lib/connection-store');
  const { nameDefaultProfile } = await import('./name-default-profile');
  nameDefaultProfile();
  return store;
}

const names = (store: Awaited<ReturnType<typeof visit>>) => store.connectionStore.get().profiles.map((p) => p.name);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the default profile’s name', () => {
  it('is 本地 on a first visit in Chinese, Local in English', async () => {
    expect(names(await visit('zh-CN'))).toEqual(['本地']);
    localStorage.clear();
    expect(names(await visit('en'))).toEqual(['Local']);
  });

  it('is kept once saved, and a stored profile is never renamed', async () => {
    const zh = await visit('zh-CN');
    zh.saveProfile({ ...zh.activeProfile(zh.connectionStore.get()), userId: '42' });
    expect(names(await visit('en'))).toEqual(['本地']);
    const en = await visit('en');
    en.saveProfile({ ...en.DEFAULT_PROFILE, id: 'mine', name: 'Local' });
    expect(names(await visit('zh-CN'))).toEqual(['本地', 'Local']);
  });

  it('names the default that replaces the last profile deleted in the visit’s language', async () => {
    const store = await visit('zh-CN');
    store.saveProfile({ ...store.DEFAULT_PROFILE, id: 'only', name: 'Only' });
    store.deleteProfile('local');
    store.deleteProfile('only');
    expect(names(store)).toEqual(['本地']);
  });
});
