import { describe, expect, it } from 'vitest';
import { parseTaskStatusItems } from './task-status-schema';

const good = (taskId: string) => ({ taskId, taskStatus: 3, taskProgress: 50, errorCode: 0, targetVideoUrl: null, updateTime: 1 });

describe('parseTaskStatusItems', () => {
  it('keeps the good items of a batch and names what is wrong with each bad one', () => {
    const data = [...Array.from({ length: 99 }, (_, i) => good(`Service_AI_${i}`)), { ...good('Service_AI_bad'), taskProgress: '55' }];
    const parsed = parseTaskStatusItems(data);
    expect(parsed?.items).toHaveLength(99);
    expect(parsed?.problems).toEqual([{ taskId: 'Service_AI_bad', problem: expect.stringMatching(/^taskProgress: /) }]);
  });

  it('drops items without a readable taskId, and refuses data that is not a list', () => {
    expect(parseTaskStatusItems([{ taskStatus: 3 }, null, 7])?.unattributed).toEqual([
      expect.stringMatching(/^0\.taskId: /),
      expect.stringMatching(/^1\./),
      expect.stringMatching(/^2\./),
    ]);
    expect(parseTaskStatusItems({ taskId: 'Service_AI_1' })).toBeNull();
  });
});
