import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TaskErrorCode, TaskStatus } from '@/contract';
import * as contract from '@/contract';
import { setLocale } from '../i18n-store';
import { taskErrorMeaningLabel, taskStatusLabel } from './task-labels';

describe('task labels', () => {
  afterEach(() => act(() => setLocale('en')));

  it('names every status and documented error code in English', () => {
    expect(Object.values(TaskStatus).map((s) => taskStatusLabel(s))).toEqual([
      'Created',
      'Queued',
      'Running',
      'Finished',
      'Failed',
      'Aborted',
    ]);
    expect(taskErrorMeaningLabel(TaskErrorCode.encodingTimedOut)).toBe('encoding timed out');
    expect(taskErrorMeaningLabel(TaskErrorCode.none)).toBeUndefined();
    expect(taskErrorMeaningLabel(4242)).toBeUndefined();
  });

  it('follows the language (glossary terms in Chinese)', async () => {
    await act(() => setLocale('zh-CN'));
    expect(Object.values(TaskStatus).map((s) => taskStatusLabel(s))).toEqual(['已创建', '排队中', '处理中', '已完成', '失败', '已中止']);
    expect(taskErrorMeaningLabel(TaskErrorCode.sourceUnreadable)).toBe('源视频无法读取');
  });

  it('the contract the server shares keeps codes only, no English labels', () => {
    expect(Object.keys(contract)).not.toContain('taskStatusName');
    expect(Object.keys(contract)).not.toContain('taskErrorMeaning');
  });
});
