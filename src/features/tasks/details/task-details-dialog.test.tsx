import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { setLocale } from '@/i18n/i18n-store';
import { item, snap } from '../testing/snapshots';
import { buildRow } from '../rows/task-rows';
import type { StatusChange, TaskRecord } from '../history/task-record';
import { TaskDetailsDialog } from './task-details-dialog';

const records = new Map<string, TaskRecord>();
vi.mock('../history/use-task-history', () => ({
  useTaskHistory: () => ({ scope: '', version: 0, records, series: { flow: [], perMinute: [] } }),
}));

const NOW = Date.UTC(2026, 10, 25, 12);
beforeEach(() => {
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(() => {
  vi.useRealTimers();
  records.clear();
});

const ID = 'Service_AI_d';
const record = (changes: StatusChange[], last: TaskRecord['snapshot']): TaskRecord => ({
  id: ID,
  firstSeen: NOW - 60_000,
  changes: changes.flatMap((c) => [c.at, c.status ?? NaN, c.progress]),
  samples: [],
  snapshot: last,
});

describe('TaskDetailsDialog', () => {
  it('says the same status as its timeline: "Not found", not "Not checked yet", when the history knows it', () => {
    records.set(ID, record([{ at: NOW - 60_000, status: null, progress: 0 }], snap(null, NOW - 60_000)));
    render(<TaskDetailsDialog id={ID} row={buildRow(ID, 0, undefined)} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(within(dialog).queryByText('Not checked yet')).toBeNull();
    expect(within(dialog).getAllByText('Not found')).toHaveLength(2);
  });

  it('notes on the timeline a status that went back (Running → Created)', () => {
    const last = snap(item(ID, 1), NOW - 10_000, { wentBackFrom: 3 });
    records.set(
      ID,
      record(
        [
          { at: NOW - 60_000, status: 3, progress: 40 },
          { at: NOW - 10_000, status: 1, progress: 0 },
        ],
        last,
      ),
    );
    render(<TaskDetailsDialog id={ID} row={buildRow(ID, 0, last)} onClose={() => undefined} />);
    const timeline = screen.getByRole('list');
    expect(within(timeline).getByText(/status went back from Running to Created/)).toBeInTheDocument();
  });

  it('shows progress and times that cannot be true as such, with the raw value', () => {
    const last = snap(item(ID, 3, { taskProgress: 500 }), NOW - 10_000);
    render(<TaskDetailsDialog id={ID} row={buildRow(ID, 0, last)} onClose={() => undefined} />);
    expect(screen.getByText(/progress out of range \(raw 500\)/)).toBeInTheDocument();
    expect(screen.queryByText(/100%/)).toBeNull();
  });

  it("gives a failed task's error code, its meaning and the retry advice, in the UI language", async () => {
    const last = snap(item(ID, 5, { errorCode: 3001, taskProgress: 40 }), NOW - 10_000);
    records.set(ID, record([{ at: NOW - 10_000, status: 5, progress: 40 }], last));
    render(<TaskDetailsDialog id={ID} row={buildRow(ID, 0, last)} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { hidden: true });
    expect(within(dialog).getByText('Error code 3001: source video unreadable')).toBeInTheDocument();
    expect(within(dialog).getByText(/Do not retry as is: check the source video/)).toBeInTheDocument();
    await act(() => setLocale('zh-CN'));
    try {
      expect(within(dialog).getByText('错误码 3001：源视频无法读取')).toBeInTheDocument();
      expect(within(dialog).getByText(/不要原样重试/)).toBeInTheDocument();
      expect(within(dialog).getByRole('heading', { name: '时间线' })).toBeInTheDocument();
      expect(within(dialog).getAllByText('失败', { selector: 'strong' })).toHaveLength(2); // the status line and the timeline
    } finally {
      await act(() => setLocale('en'));
    }
  });
});
