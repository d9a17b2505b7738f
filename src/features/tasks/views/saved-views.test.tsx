import 'fake-indexeddb/auto';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { connectionScopeKey } from '@/lib/connection';
import { activeProfile, connectionStore } from '@/lib/connection-store';
import { openSavedView } from './open-saved-view';
import { saveView, type SavedView, type ViewDraft } from './saved-views-store';
import { taskQueryStore } from '../query/task-query-store';
import { SavedViews } from './saved-views';

const scope = () => connectionScopeKey(activeProfile(connectionStore.get()));
const draft = (name: string, openParts: string[]): ViewDraft => ({
  name,
  query: 'status:failed',
  sort: { key: 'list', descending: false },
  openParts,
});
const saved = async (d: ViewDraft): Promise<SavedView> => {
  const result = await saveView(scope(), d);
  if (!result.ok) throw new Error(result.problem.code);
  return result.value;
};
const link = (name: RegExp) => within(screen.getByRole('navigation', { name: 'Saved views' })).getByRole('link', { name });

afterEach(() => taskQueryStore.save(''));

describe('SavedViews', () => {
  it('marks the view opened from elsewhere (the palette) as current, not the first with the same query', async () => {
    // The same query, told apart by the overview tables each opens.
    await saved(draft('plain', []));
    const withTable = await saved(draft('with table', ['flowTable']));
    taskQueryStore.save('status:failed');
    render(<SavedViews ids={[]} rows={[]} version={0} stallMs={60_000} />);
    await screen.findByRole('link', { name: /^with table/ });
    expect(link(/^plain/)).toHaveAttribute('aria-current', 'true');

    // The command palette opens a view with openSavedView, as the list does.
    act(() => openSavedView(withTable));
    expect(link(/^with table/)).toHaveAttribute('aria-current', 'true');
    expect(link(/^plain/)).not.toHaveAttribute('aria-current');
  });
});
