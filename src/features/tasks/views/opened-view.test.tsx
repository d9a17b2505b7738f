import 'fake-indexeddb/auto';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { connectionScopeKey } from '@/lib/connection';
import { activeProfile, connectionStore } from '@/lib/connection-store';
import { listViews } from './saved-views-store';
import { readViewLink } from './view-link';
import { OpenedView } from './opened-view';

const scope = () => connectionScopeKey(activeProfile(connectionStore.get()));

describe('OpenedView', () => {
  it('shows a name from a link as text, never as markup, and keeps the view under it', async () => {
    const view = readViewLink('?view=%3Cimg+src%3Dx+onerror%3Dalert(1)%3E&q=status:failed,aborted')!;
    const { container } = render(<OpenedView view={view} onClose={vi.fn()} />);
    const region = screen.getByRole('region', { name: 'Opened view “<img src=x onerror=alert(1)>”' });
    expect(container.querySelector('img')).toBeNull();
    expect(region).toHaveTextContent('Query: status:failed,aborted');

    await userEvent.click(screen.getByRole('button', { name: 'Save this view' }));
    expect(screen.getByLabelText('View name')).toHaveValue('<img src=x onerror=alert(1)>');
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('It is in your saved views.')).toBeVisible();
    expect((await listViews(scope())).map((v) => [v.name, v.query, v.sort])).toEqual([
      ['<img src=x onerror=alert(1)>', 'status:failed,aborted', { key: 'list', descending: false }],
    ]);
  });
});
