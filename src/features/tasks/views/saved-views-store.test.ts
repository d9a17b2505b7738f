import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import {
  deleteView,
  listViews,
  MAX_SAVED_VIEWS,
  onSavedViewsChanged,
  renameView,
  reorderViews,
  saveView,
  type ViewDraft,
} from './saved-views-store';

// IndexedDB is fake-indexeddb's (jsdom has none): the store's reads, writes and transactions run for real.
let n = 0;
const newScope = () => `/api\u0000user-${++n}`;
const draft = (name: string, query = 'status:failed'): ViewDraft => ({
  name,
  query,
  sort: { key: 'updated', descending: true },
  openParts: ['failures'],
});
const names = async (scope: string) => (await listViews(scope)).map((v) => v.name);

describe('saved views', () => {
  it('keeps views per profile, in the order saved, with everything a view is', async () => {
    const a = newScope();
    const b = newScope();
    const saved = await saveView(a, draft('3002 last hour', 'status:failed code:3002 updated:<1h'));
    await saveView(a, draft('stalled'));
    await saveView(b, draft('other profile'));
    expect(saved).toMatchObject({ ok: true, value: { name: '3002 last hour', query: 'status:failed code:3002 updated:<1h', order: 0 } });
    expect(await listViews(a)).toEqual([
      expect.objectContaining({ name: '3002 last hour', sort: { key: 'updated', descending: true }, openParts: ['failures'], order: 0 }),
      expect.objectContaining({ name: 'stalled', order: 1 }),
    ]);
    expect(await names(b)).toEqual(['other profile']);
  });

  it(`refuses a view past ${MAX_SAVED_VIEWS}, with a code and the limit`, async () => {
    const scope = newScope();
    for (let i = 0; i < MAX_SAVED_VIEWS; i++) expect((await saveView(scope, draft(`v${i}`))).ok).toBe(true);
    expect(await saveView(scope, draft('one more'))).toEqual({ ok: false, problem: { code: 'tooManyViews', max: MAX_SAVED_VIEWS } });
    expect(await listViews(scope)).toHaveLength(MAX_SAVED_VIEWS);
  });

  it('refuses an empty, too long or taken name (ignoring case and spaces around)', async () => {
    const scope = newScope();
    await saveView(scope, draft('Failures'));
    expect(await saveView(scope, draft('  '))).toMatchObject({ ok: false, problem: { code: 'emptyName' } });
    expect(await saveView(scope, draft('x'.repeat(81)))).toMatchObject({ ok: false, problem: { code: 'nameTooLong', max: 80 } });
    expect(await saveView(scope, draft(' failures '))).toMatchObject({ ok: false, problem: { code: 'duplicateName' } });
    expect(await saveView(scope, draft('q', 'x'.repeat(2_001)))).toMatchObject({ ok: false, problem: { code: 'queryTooLong' } });
  });

  it('renames, reorders and deletes', async () => {
    const scope = newScope();
    const ids: string[] = [];
    for (const name of ['a', 'b', 'c']) {
      const r = await saveView(scope, draft(name));
      if (r.ok) ids.push(r.value.id);
    }
    expect(await renameView(scope, ids[0]!, ' A2 ')).toMatchObject({ ok: true, value: { name: 'A2' } });
    expect(await renameView(scope, ids[1]!, 'a2')).toMatchObject({ ok: false, problem: { code: 'duplicateName' } });
    expect(await renameView(scope, 'gone', 'x')).toEqual({ ok: false, problem: { code: 'noSuchView', id: 'gone' } });
    expect((await reorderViews(scope, [ids[2]!, ids[0]!])).map((v) => v.name)).toEqual(['c', 'A2', 'b']);
    expect(await names(scope)).toEqual(['c', 'A2', 'b']);
    await deleteView(scope, ids[0]!);
    await deleteView(scope, ids[0]!);
    expect(await names(scope)).toEqual(['c', 'b']);
    expect((await saveView(scope, draft('d'))).ok && (await listViews(scope)).at(-1)).toMatchObject({ name: 'd', order: 3 });
  });

  it('lists only well-formed views, so a damaged record cannot reach the UI', async () => {
    const scope = newScope();
    await saveView(scope, draft('good'));
    const raw = await openDB('console.tasks.saved-views', 1);
    await raw.put('views', { scope, id: 'bad-1', name: 7, query: 'x', sort: { key: 'list', descending: false }, openParts: [], order: 1 });
    await raw.put('views', { scope, id: 'bad-2', name: 'n', query: 'x', sort: null, openParts: [], order: 2 });
    await raw.put('views', {
      scope,
      id: 'bad-3',
      name: 'n',
      query: 'x',
      sort: { key: 'list', descending: false },
      openParts: [1],
      order: 3,
    });
    raw.close();
    expect(await names(scope)).toEqual(['good']);
  });

  it('tells this tab’s listeners and other tabs which profile’s views changed', async () => {
    const scope = newScope();
    const otherTab = new BroadcastChannel('console.tasks.saved-views');
    const heardByOtherTab = new Promise<unknown>((resolve) => (otherTab.onmessage = (e) => resolve(e.data)));
    const heardHere: string[] = [];
    const stop = onSavedViewsChanged((s) => heardHere.push(s));
    await saveView(scope, draft('x'));
    expect(await heardByOtherTab).toEqual({ scope });
    expect(heardHere).toEqual([scope]);
    stop();
    otherTab.close();
  });

  it('hears another tab’s change, and ignores a message that is not one', async () => {
    const scope = newScope();
    const heard: string[] = [];
    const got = new Promise<void>((resolve) =>
      onSavedViewsChanged((s) => {
        heard.push(s);
        resolve();
      }),
    );
    const otherTab = new BroadcastChannel('console.tasks.saved-views');
    otherTab.postMessage({ nonsense: 1 });
    otherTab.postMessage({ scope });
    await got;
    expect(heard).toEqual([scope]);
    otherTab.close();
  });
});
