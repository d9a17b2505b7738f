import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { item } from '../testing/snapshots';
import { mergeBoard } from '../status-worker/merge-board';
import { buildRow } from '../rows/task-rows';
import { EMPTY_BOARD } from '../task/task-snapshot';
import { TaskDetailsDialog } from './task-details-dialog';

const ID = 'Service_AI_details';

function open(targetVideoUrl: string | null, status = 4) {
  const board = mergeBoard(EMPTY_BOARD, [ID], [item(ID, status, { targetVideoUrl })], 1_000, 1);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TaskDetailsDialog id={ID} row={buildRow(ID, 0, board.tasks.get(ID))} onClose={vi.fn()} />
    </QueryClientProvider>,
  );
}

describe('TaskDetailsDialog', () => {
  it('offers the download of a finished task with an http(s) result', () => {
    open('https://cdn.example.test/v/1.mp4');
    const link = screen.getByRole('link', { name: `Download video of ${ID}` });
    expect(link).toHaveAttribute('href', 'https://cdn.example.test/v/1.mp4');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it.each([['javascript:alert(1)'], ['/files/relative.mp4'], ['data:video/mp4;base64,AAAA'], [null]])(
    'offers no download for a result that is not an absolute http(s) URL (%s)',
    (url) => {
      open(url);
      expect(screen.queryByRole('link', { name: /Download/ })).toBeNull();
    },
  );

  it('offers no download before the task has finished', () => {
    open('https://cdn.example.test/v/1.mp4', 3);
    expect(screen.queryByRole('link', { name: /Download/ })).toBeNull();
  });
});
