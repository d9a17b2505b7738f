import { describe, expect, it } from 'vitest';
import { openSavedView } from './open-saved-view';
import { overviewPartsStore } from '../overview/overview-parts';
import { taskQueryStore } from '../query/task-query-store';

const view = {
  id: 'v1',
  name: '3002 last hour',
  query: 'status:failed code:3002 updated:<1h',
  sort: { key: 'updated', descending: true },
  openParts: ['flowTable', 'a part of a later console'],
  order: 0,
};

describe('openSavedView', () => {
  it("sets the list's query with the view's sort, and exactly its known open parts", () => {
    taskQueryStore.save('status:running');
    overviewPartsStore.set(['throughputTable']);
    openSavedView(view);
    expect(taskQueryStore.get()).toBe('status:failed code:3002 updated:<1h sort:updated-desc');
    expect(overviewPartsStore.get()).toEqual(['flowTable']);
  });
});
