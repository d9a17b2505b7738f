import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { connectionScopeKey, toConnection } from '@/lib/connection';
import { activeProfile, connectionStore } from '@/lib/connection-store';
import { saveView, listViews } from '../views/saved-views-store';
import { savedViewsStored } from '../views/saved-views-stored';
import { taskQueryStore, taskQueryStored } from './task-query-store';

afterEach(() => {
  taskQueryStore.save('');
  window.history.replaceState(null, '', '/');
});

describe('the task query as a stored value', () => {
  it('reads the query as it is, and nothing when it is empty', () => {
    expect(taskQueryStored.read()).toBeNull();
    taskQueryStore.save('status:failed code:3002');
    expect(taskQueryStored.read()).toBe('status:failed code:3002');
  });

  it('resets to the empty query here and in the address, keeping the address’s other parts', () => {
    taskQueryStore.save('status:failed');
    window.history.replaceState(null, '', '/tasks?q=status:failed&x=1#ids=abc');
    void taskQueryStored.reset();
    expect(taskQueryStore.get()).toBe('');
    expect(JSON.parse(localStorage.getItem('console.tasks.query') ?? 'null')).toBe('');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/tasks?x=1#ids=abc');
  });
});

describe('the saved views as a stored value', () => {
  const scope = () => connectionScopeKey(toConnection(activeProfile(connectionStore.get())));

  it('reads the active profile’s views as JSON and deletes them on reset', async () => {
    expect(await savedViewsStored.read()).toBeNull();
    await saveView(scope(), { name: 'Failed', query: 'status:failed', sort: { key: 'updated', descending: true }, openParts: [] });
    const text = await savedViewsStored.read();
    expect(JSON.parse(text ?? '[]')).toMatchObject([{ name: 'Failed', query: 'status:failed' }]);
    await savedViewsStored.reset();
    expect(await listViews(scope())).toEqual([]);
    expect(await savedViewsStored.read()).toBeNull();
  });
});
