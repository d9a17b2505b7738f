import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { item } from '../../testing/snapshots';
import { mergeBoard } from '../../status-worker/merge-board';
import { buildRows } from '../../rows/task-rows';
import { EMPTY_BOARD } from '../../task/task-snapshot';
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

  it.each([
    ['javascript:alert(1)', 'not an http(s) URL (javascript:)'],
    ['data:text/html,<b>x</b>', 'not an http(s) URL (data:)'],
    ['ftp://x/y', 'not an http(s) URL (ftp:)'],
    ['//evil.example/a.mp4', 'not an absolute URL'],
  ])('never renders %j as a link, and says it was refused and why', (url, why) => {
    render(<OutcomeCell row={rowFor(item('Service_AI_a', 4, { targetVideoUrl: url }))} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText('Result link not available yet')).toBeNull();
    expect(screen.getByText(`Result link refused: ${why}`)).toBeInTheDocument();
    expect(screen.getByText(JSON.stringify(url))).toBeInTheDocument();
  });

  it('shows a refused value as escaped, truncated text (control characters visible, no markup)', () => {
    const url = `java\nscript:<img src=x onerror=alert(1)>${'a'.repeat(200)}`;
    const { container } = render(<OutcomeCell row={rowFor(item('Service_AI_a', 4, { targetVideoUrl: url }))} />);
    expect(container.querySelector('img')).toBeNull();
    const raw = screen.getByText(/^"java\\nscript:<img/);
    expect(raw.textContent!.length).toBeLessThanOrEqual(81);
    expect(raw.textContent!.endsWith('…')).toBe(true);
  });

  it('says "not available yet" only while a Finished task has no link at all', () => {
    render(<OutcomeCell row={rowFor(item('Service_AI_a', 4, { targetVideoUrl: null }))} />);
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
