import { beforeEach, describe, expect, it } from 'vitest';
import { addTextToWatchList, addToWatchList } from './add-to-watch-list';
import { MAX_WATCHED_TASKS, watchListStore } from '../watch-list/watch-list-store';

const id = (i: number) => `Service_AI_w${i}`;
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => id(from + i));
const noPause = { sliceMs: 0, pause: async () => {} };

beforeEach(() => watchListStore.set({ scope: 'test', ids: [], loaded: true }));

describe('addToWatchList', () => {
  it('appends only new IDs, in order, and counts those already watched', async () => {
    watchListStore.set({ scope: 'test', ids: range(0, 3000), loaded: true });
    const result = await addToWatchList([...range(2500, 4000), id(3999), id(1)], undefined, noPause);
    expect(result).toEqual({ added: 1000, alreadyWatched: 501, overLimit: 0 });
    expect(watchListStore.get().ids).toEqual(range(0, 4000));
  });

  it(`stops at ${MAX_WATCHED_TASKS} and says how many did not fit`, async () => {
    watchListStore.set({ scope: 'test', ids: range(0, MAX_WATCHED_TASKS - 2), loaded: true });
    const result = await addToWatchList(range(MAX_WATCHED_TASKS - 2, MAX_WATCHED_TASKS + 3), undefined, noPause);
    expect(result).toEqual({ added: 2, alreadyWatched: 0, overLimit: 3 });
    expect(watchListStore.get().ids).toHaveLength(MAX_WATCHED_TASKS);
    expect(watchListStore.get().ids.at(-1)).toBe(id(MAX_WATCHED_TASKS - 1));
  });

  it('compares again when the list changes between slices, so a removal meanwhile is not undone', async () => {
    watchListStore.set({ scope: 'test', ids: range(0, 5000), loaded: true });
    let pauses = 0;
    const removeFirstOnce = async () => {
      if (pauses++ === 0) watchListStore.set({ scope: 'test', ids: range(1, 5000), loaded: true });
    };
    const result = await addToWatchList([id(0), id(6000)], undefined, { sliceMs: 0, pause: removeFirstOnce });
    expect(pauses).toBeGreaterThan(1);
    expect(result).toEqual({ added: 2, alreadyWatched: 0, overLimit: 0 });
    expect(watchListStore.get().ids).toEqual([...range(1, 5000), id(0), id(6000)]);
  });
});

describe('addTextToWatchList', () => {
  it('reads, adds and says how far it got, percent by percent', async () => {
    const messages: string[] = [];
    const { extraction, result } = await addTextToWatchList(range(0, 20_000).join('\n'), (m) => messages.push(m));
    expect(extraction.ids).toHaveLength(20_000);
    expect(result.added).toBe(20_000);
    expect(messages[0]).toBe('Reading task IDs… 0%');
    const percents = messages.map((m) => Number(/(\d+)%$/.exec(m)![1]));
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(new Set(messages).size).toBe(messages.length);
    expect(
      messages.filter((m) => m.startsWith('Adding 20,000 IDs… ')).length + messages.filter((m) => m.startsWith('Reading')).length,
    ).toBe(messages.length);
  });
});
