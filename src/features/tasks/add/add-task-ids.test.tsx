import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_WATCHED_TASKS, watchListStore } from '../watch-list/watch-list-store';
import { AddTaskIds } from './add-task-ids';

const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `Service_AI_t${from + i}`);
const paste = (text: string) => fireEvent.paste(screen.getByLabelText('Task IDs'), { clipboardData: { getData: () => text } });

beforeEach(() => watchListStore.set({ scope: 'test', ids: [], loaded: true }));

describe('AddTaskIds', () => {
  it('keeps a long paste aside instead of in the field, and adds it with what was typed', async () => {
    const onAdded = vi.fn();
    render(<AddTaskIds onAdded={onAdded} />);
    const field = screen.getByLabelText<HTMLTextAreaElement>('Task IDs');
    await userEvent.type(field, 'Service_AI_typed ');
    expect(paste(ids(3000).join('\n'))).toBe(false);
    expect(field.value).toBe('Service_AI_typed ');
    expect(screen.getByText(/Pasted text of 0\.\d MB kept aside/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add to watch list' }));
    expect(await screen.findByText('Pasted text: added 3,001 tasks')).toBeInTheDocument();
    expect(watchListStore.get().ids).toEqual(['Service_AI_typed', ...ids(3000)]);
    expect(field.value).toBe('');
    expect(screen.queryByText(/kept aside/)).not.toBeInTheDocument();
    expect(onAdded).toHaveBeenCalledOnce();
  });

  it('lets a short paste into the field as usual, and discards a long one on request', async () => {
    render(<AddTaskIds onAdded={() => {}} />);
    expect(paste(ids(3).join('\n'))).toBe(true);
    paste(ids(2000).join('\n'));
    await userEvent.click(screen.getByRole('button', { name: 'Discard pasted text' }));
    expect(screen.queryByText(/kept aside/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to watch list' })).toBeDisabled();
  });

  it('says in an alert when the watch list is full, and keeps the text that did not fit', async () => {
    watchListStore.set({ scope: 'test', ids: ids(MAX_WATCHED_TASKS - 1, 10_000), loaded: true });
    render(<AddTaskIds onAdded={() => {}} />);
    paste(ids(3).join('\n'));
    await userEvent.type(screen.getByLabelText('Task IDs'), ids(3).join(' '));
    await userEvent.click(screen.getByRole('button', { name: 'Add to watch list' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('2 not added: the watch list is full (it holds at most 100,000 tasks).');
    expect(watchListStore.get().ids).toHaveLength(MAX_WATCHED_TASKS);
  });

  it('says in an alert when the text holds no task IDs, and keeps the text', async () => {
    render(<AddTaskIds onAdded={() => {}} />);
    const field = screen.getByLabelText<HTMLTextAreaElement>('Task IDs');
    await userEvent.type(field, 'service_ai_1 hello');
    await userEvent.click(screen.getByRole('button', { name: 'Add to watch list' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Pasted text: no task IDs found. Task IDs start with Service_AI (case-sensitive).',
    );
    expect(field.value).toBe('service_ai_1 hello');
  });
});
