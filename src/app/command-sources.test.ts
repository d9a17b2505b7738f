import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { connectionScopeKey } from '@/lib/connection';
import { activeProfile, connectionStore } from '@/lib/connection-store';
import { saveView } from '@/features/tasks/views/saved-views-store';
import { taskQueryStore } from '@/features/tasks/query/task-query-store';
import { appCommands } from './command-sources';

afterEach(() => {
  taskQueryStore.save('');
  window.history.replaceState(null, '', '/');
});

describe('the palette’s saved views', () => {
  it('open on the Tasks page with the view’s query in the address, also when it is the query already shown', async () => {
    const scope = connectionScopeKey(activeProfile(connectionStore.get()));
    await saveView(scope, { name: 'failed', query: 'status:failed', sort: { key: 'progress', descending: true }, openParts: [] });
    taskQueryStore.save('status:failed sort:progress-desc');
    window.history.replaceState(null, '', '/tasks?q=status:failed+sort:progress-desc');

    const command = (await appCommands()).find((c) => c.kind === 'view');
    expect(command?.label).toBe('Open view: failed');
    await command!.run();
    expect(taskQueryStore.get()).toBe('status:failed sort:progress-desc');
    expect(window.location.pathname).toBe('/tasks');
    expect(new URLSearchParams(window.location.search).get('q')).toBe('status:failed sort:progress-desc');
  });
});
