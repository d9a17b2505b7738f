import { afterEach, describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { dashboardSettingsStore } from './polling/dashboard-settings-store';
import { watchListStore } from './watch-list/watch-list-state';
import { tasksCommands } from './tasks-command-list';

const connection = { gatewayUrl: '/api', token: '', userId: 'u1', channel: '', appSource: '' };
const ids = (client = new QueryClient()) => tasksCommands(client, connection).map((c) => c.id);
const settings = dashboardSettingsStore.get();
const list = watchListStore.get();
afterEach(() => {
  dashboardSettingsStore.save(settings);
  watchListStore.set(list);
});

describe('the Tasks page commands', () => {
  it('offers refresh and the share link only with a watch list', () => {
    watchListStore.set({ scope: 's', ids: [], loaded: true });
    expect(ids()).not.toContain('tasks:refresh');
    expect(ids()).not.toContain('tasks:share');
    watchListStore.set({ scope: 's', ids: ['Service_AI_1'], loaded: true });
    expect(ids()).toEqual(expect.arrayContaining(['tasks:refresh', 'tasks:share', 'tasks:add']));
  });

  it('offers Pause or Resume, whichever applies; Resume goes back to the interval paused', () => {
    dashboardSettingsStore.save({ ...settings, intervalMs: 10_000 });
    const pause = tasksCommands(new QueryClient(), connection).find((c) => c.id === 'tasks:pause')!;
    expect(ids()).not.toContain('tasks:resume');
    void pause.run();
    expect(dashboardSettingsStore.get().intervalMs).toBe(0);
    expect(ids()).not.toContain('tasks:pause');
    void tasksCommands(new QueryClient(), connection)
      .find((c) => c.id === 'tasks:resume')!
      .run();
    expect(dashboardSettingsStore.get().intervalMs).toBe(10_000);
  });
});
