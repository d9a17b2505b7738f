import 'fake-indexeddb/auto';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SavedView } from './saved-views-store';

// A stored order held open by the test, as a loaded machine holds IndexedDB: it answers after the view is deleted.
const orders: Array<() => void> = [];
vi.mock('./saved-views-store', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./saved-views-store')>();
  return {
    ...actual,
    reorderViews: async (scope: string, ids: readonly string[]) => {
      const stored = await actual.reorderViews(scope, ids);
      await new Promise<void>((resolve) => orders.push(resolve));
      return stored;
    },
  };
});

const { connectionScopeKey } = await import('@/lib/connection');
const { activeProfile, connectionStore } = await import('@/lib/connection-store');
const { saveView } = await import('./saved-views-store');
const { taskQueryStore } = await import('../query/task-query-store');
const { SavedViews } = await import('./saved-views');

const scope = () => connectionScopeKey(activeProfile(connectionStore.get()));
const saved = async (name: string, query: string): Promise<SavedView> => {
  const result = await saveView(scope(), { name, query, sort: { key: 'list', descending: false }, openParts: [] });
  if (!result.ok) throw new Error(result.problem.code);
  return result.value;
};
const nav = () => screen.getByRole('navigation', { name: 'Saved views' });
const names = () =>
  within(nav())
    .getAllByRole('link')
    .map((a) => a.textContent ?? '');

afterEach(() => taskQueryStore.save(''));

describe('SavedViews: a move whose stored order answers late', () => {
  it('does not bring back a view deleted meanwhile, and the view before it keeps the focus', async () => {
    await saved('first', 'status:failed');
    await saved('second', 'status:running');
    await saved('third', 'status:queued');
    render(<SavedViews ids={[]} rows={[]} version={0} stallMs={60_000} />);
    await within(nav()).findByRole('link', { name: /^third/ });
    fireEvent.click(within(nav()).getByRole('button', { name: 'Edit views' }));

    fireEvent.click(within(screen.getByRole('group', { name: 'Edit “second”' })).getByRole('button', { name: 'Move up' }));
    expect(names()[0]).toMatch(/^second/);
    fireEvent.click(within(screen.getByRole('group', { name: 'Edit “third”' })).getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete “third”' }));
    await vi.waitFor(() => expect(names()).toHaveLength(2));
    expect(within(nav()).getByRole('link', { name: /^first/ })).toHaveFocus();

    // The move's stored order comes back now, with the deleted view in it.
    await vi.waitFor(() => expect(orders).toHaveLength(1));
    await act(async () => {
      orders[0]!();
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(names()).toHaveLength(2);
    expect(names()[0]).toMatch(/^second/);
    expect(names()[1]).toMatch(/^first/);
    expect(within(nav()).getByRole('link', { name: /^first/ })).toHaveFocus();
  });
});
