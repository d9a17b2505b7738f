import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { taskViewStore } from '../../hooks/use-task-view';
import { ImportReport } from './import-report';

const ids = ['Service_AI_alpha_1', 'Service_AI_alpha_2', 'Service_AI_beta_3'];
const report = () => (
  <>
    <textarea id="task-ids-input" aria-label="Task IDs" />
    <ImportReport source="Pasted text" extraction={{ ids, ignored: [] }} result={{ added: ids.length, alreadyWatched: 0, overLimit: 0 }} />
  </>
);

afterEach(() => taskViewStore.save({ sort: 'list', descending: false, statuses: [], search: '' }));

describe('ImportReport', () => {
  it('says nothing of the view when it hides none of the added IDs', () => {
    taskViewStore.save({ sort: 'list', descending: false, statuses: [], search: 'service_ai' });
    render(report());
    expect(screen.getByRole('status')).not.toHaveTextContent('hidden');
    expect(screen.queryByRole('button', { name: 'Show all tasks' })).toBeNull();
  });

  it('counts the added IDs the search hides, names a status filter, and Show all clears both', async () => {
    taskViewStore.save({ sort: 'progress', descending: false, statuses: [5, 6], search: ' beta ' });
    render(report());
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('2 of them hidden by the search “beta”.');
    expect(status).toHaveTextContent('A status filter is on (Failed, Aborted): tasks with another status are hidden.');
    await userEvent.click(screen.getByRole('button', { name: 'Show all tasks' }));
    expect(taskViewStore.get()).toMatchObject({ sort: 'progress', statuses: [], search: '' });
    expect(status).not.toHaveTextContent('hidden');
    expect(screen.getByLabelText('Task IDs')).toHaveFocus();
  });
});
