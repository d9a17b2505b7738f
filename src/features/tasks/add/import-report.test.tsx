import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { setLocale } from '@/i18n/i18n-store';
import userEvent from '@testing-library/user-event';
import { taskQueryStore } from '../query/task-query-store';
import { ImportReport } from './import-report';

const ids = ['Service_AI_alpha_1', 'Service_AI_alpha_2', 'Service_AI_beta_3'];
const report = () => (
  <>
    <textarea id="task-ids-input" aria-label="Task IDs" />
    <ImportReport source="Pasted text" extraction={{ ids, ignored: [] }} result={{ added: ids.length, alreadyWatched: 0, overLimit: 0 }} />
  </>
);

afterEach(() => taskQueryStore.save(''));

describe('ImportReport', () => {
  it('says nothing of the view when it hides none of the added IDs', () => {
    taskQueryStore.save('service_ai');
    render(report());
    expect(screen.getByRole('status')).not.toHaveTextContent('hidden');
    expect(screen.queryByRole('button', { name: 'Show all tasks' })).toBeNull();
  });

  it('counts the added IDs the search hides, names a status filter, and Show all clears both', async () => {
    taskQueryStore.save('status:failed,aborted  beta sort:progress');
    render(report());
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('2 of them hidden by the search “beta”.');
    expect(status).toHaveTextContent('A status filter is on (Failed, Aborted): tasks with another status are hidden.');
    await userEvent.click(screen.getByRole('button', { name: 'Show all tasks' }));
    expect(taskQueryStore.get()).toBe('sort:progress');
    expect(status).not.toHaveTextContent('hidden');
    expect(screen.getByLabelText('Task IDs')).toHaveFocus();
  });

  it('counts as the list filters: two words typed in the query box each have to be in the ID, not the two as one', () => {
    taskQueryStore.save('alpha _1');
    render(report());
    expect(screen.getByRole('status')).toHaveTextContent('2 of them hidden by the search “alpha _1”.');
  });

  it('speaks Chinese: counts through plurals and Intl, reasons and examples with the Chinese separator', async () => {
    await act(() => setLocale('zh-CN'));
    try {
      taskQueryStore.save('status:5,6');
      render(
        <ImportReport
          source="粘贴的文本"
          extraction={{
            ids,
            ignored: [
              { reason: 'duplicate', count: 7, examples: ['Service_AI_alpha_1', 'Service_AI_beta_3'] },
              { reason: 'not-an-id', count: 1234, examples: ['INFO'] },
            ],
          }}
          result={{ added: 2, alreadyWatched: 1, overLimit: 0 }}
        />,
      );
      const status = screen.getByRole('status');
      expect(status).toHaveTextContent('粘贴的文本：已添加 2 个任务（找到 3 个任务 ID） · 1 个已在关注列表中');
      expect(status).toHaveTextContent('状态筛选已开启（失败、已中止）：其他状态的任务已隐藏。');
      expect(status).toHaveTextContent('文本的其余部分（1,234 个词、数字或表头）不含任务 ID。');
      expect(screen.getByText('已忽略 7 项')).toBeInTheDocument();
      expect(screen.getByText('7 项在输入中重复：“Service_AI_alpha_1”、“Service_AI_beta_3”、…')).toBeInTheDocument();
      expect(status.textContent).not.toMatch(/[A-Za-z]{3,} [A-Za-z]{3,}/);
    } finally {
      await act(() => setLocale('en'));
    }
  });
});
