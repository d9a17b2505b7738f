import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { item } from '../../testing/snapshots';
import { mergeBoard } from '../../model/merge-board';
import { buildRows } from '../../model/task-rows';
import { EMPTY_BOARD } from '../../model/task-snapshot';
import type { TaskStatusItem } from '@/contract';
import { OutcomeCell, StatusBadge } from './task-status-cell';

function rowFor(answer: TaskStatusItem) {
  return buildRows([answer.taskId], mergeBoard(EMPTY_BOARD, [answer.taskId], [answer], 0, 1))[0]!;
}

describe('OutcomeCell', () => {
  it('links a Finished task with an http(s) URL, labelled with its ID', () => {
    render(<OutcomeCell row={rowFor(item('Service_AI_a', 4, { targetVideoUrl: 'https://cdn.test/a.mp4?sig=1' }))} />);
    expect(screen.getByRole('link', { name: 'Download video of Service_AI_a' })).toHaveAttribute('href', 'https://cdn.test/a.mp4?sig=1');
  });

  it.each(['javascript:alert(1)', 'data:text/html,<b>x</b>', '', 'ftp://x/y'])('never renders %j as a link', (url) => {
    render(<OutcomeCell row={rowFor(item('Service_AI_a', 4, { targetVideoUrl: url }))} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Result link not available yet')).toBeInTheDocument();
  });

  it('shows code, meaning and advice for Failed and Aborted, and no link', () => {
    render(<OutcomeCell row={rowFor(item('Service_AI_f', 5, { errorCode: 3003, targetVideoUrl: 'https://x.test/v' }))} />);
    expect(screen.getByText('Error 3003: encoding timed out')).toBeInTheDocument();
    expect(screen.getByText('Usually temporary: resubmit the task later.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('falls back for an undocumented code', () => {
    render(<OutcomeCell row={rowFor(item('Service_AI_f', 6, { errorCode: 9999 }))} />);
    expect(screen.getByText('Error 9999: not documented')).toBeInTheDocument();
  });
});

describe('StatusBadge', () => {
  it('names the status in text (not colour alone) and flags stalls', () => {
    render(<StatusBadge row={rowFor(item('Service_AI_r', 3, { taskProgress: 40 }))} stalled />);
    expect(screen.getByText('Running')).toBeInTheDocument();
    expect(screen.getByText('Stalled')).toBeInTheDocument();
  });

  it('renders gateway text as text, never as markup', () => {
    const { container } = render(<OutcomeCell row={rowFor(item('Service_AI_<img src=x onerror=alert(1)>', 4))} />);
    expect(container.querySelector('img')).toBeNull();
  });
});
