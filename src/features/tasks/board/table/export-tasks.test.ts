import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n/i18n-store';
import { item } from '../../testing/snapshots';
import { mergeBoard } from '../../status-worker/merge-board';
import { buildRows } from '../../rows/task-rows';
import { EMPTY_BOARD } from '../../task/task-snapshot';
import { csvFile, tasksToCsv, tasksToJson } from './export-tasks';

const board = mergeBoard(
  EMPTY_BOARD,
  ['Service_AI_a', 'Service_AI_b'],
  [item('Service_AI_a', 5, { errorCode: 3001, taskProgress: 40 })],
  1_000,
  1,
);
const rows = buildRows(['Service_AI_a', 'Service_AI_b', 'Service_AI_c'], board);

describe('export', () => {
  it('writes one CSV line per task with status, error meaning and blanks for unknowns', () => {
    const lines = tasksToCsv(rows, { zone: 'utc' }).trim().split('\r\n');
    expect(lines[0]).toBe(
      'taskId,taskStatus,statusName,taskProgress,errorCode,errorMeaning,targetVideoUrl,updateTime,updateTimeIso,updatedAt (UTC)',
    );
    expect(lines[1]).toBe('Service_AI_a,5,Failed,40,3001,source video unreadable,,1000,1970-01-01T00:00:01.000Z,1970-01-01 00:00:01');
    expect(lines[2]).toBe('Service_AI_b,,Not found,,,,,,,');
    expect(lines[3]).toBe('Service_AI_c,,Not checked yet,,,,,,,');
  });

  it('neutralises spreadsheet formulas and quotes separators', () => {
    const evil = buildRows(
      ['Service_AI_x'],
      mergeBoard(EMPTY_BOARD, ['Service_AI_x'], [item('Service_AI_x', 4, { targetVideoUrl: '=HYPERLINK("x","y")' })], 0, 1),
    );
    expect(tasksToCsv(evil)).toContain(`"'=HYPERLINK(""x"",""y"")"`);
  });

  it.each([' =1+1', '\u00a0+cmd', '  -2', ' @SUM(A1)'])('guards a formula behind leading blanks: %j', (url) => {
    const rows = buildRows(
      ['Service_AI_x'],
      mergeBoard(EMPTY_BOARD, ['Service_AI_x'], [item('Service_AI_x', 4, { targetVideoUrl: url })], 0, 1),
    );
    expect(tasksToCsv(rows)).toContain(`'${url}`);
  });

  it('keeps an updateTime no Date can hold as the gateway sent it, with no ISO time and no throw', () => {
    const ids = ['Service_AI_far', 'Service_AI_nan'];
    const odd = mergeBoard(
      EMPTY_BOARD,
      ids,
      [item(ids[0]!, 3, { updateTime: 1e16 }), item(ids[1]!, 3, { updateTime: Number('99999999999999999999') })],
      0,
      1,
    );
    const oddRows = buildRows(ids, odd);
    expect(oddRows.map((r) => r.updateTime)).toEqual([null, null]);
    const lines = tasksToCsv(oddRows).trim().split('\r\n');
    expect(lines[1]).toBe('Service_AI_far,3,Running,0,0,,,10000000000000000,,');
  });

  it('writes JSON with the same fields', () => {
    const parsed = JSON.parse(tasksToJson(rows, { zone: 'utc' })) as { timeZone: string; tasks: Array<Record<string, unknown>> };
    expect(parsed.tasks).toHaveLength(3);
    expect(parsed.tasks[0]).toMatchObject({
      taskId: 'Service_AI_a',
      statusName: 'Failed',
      errorCode: 3001,
      updatedAt: '1970-01-01 00:00:01',
    });
    expect(parsed.timeZone).toBe('UTC');
  });

  it('starts the CSV file with a UTF-8 byte order mark, so Excel reads Chinese as Chinese', () => {
    expect(csvFile(rows).charCodeAt(0)).toBe(0xfeff);
    expect(Array.from(new TextEncoder().encode(csvFile(rows)).slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('writes headers and words in Chinese, keeps codes as codes, and names the zone of its times', async () => {
    await act(() => setLocale('zh-CN'));
    try {
      const lines = tasksToCsv(rows, { zone: 'utc' }).trim().split('\r\n');
      expect(lines[0]).toBe(
        '任务 ID,状态代码,状态,进度,错误码,错误含义,结果视频 URL,更新时间（毫秒时间戳）,更新时间（ISO，UTC）,更新时间（UTC）',
      );
      expect(lines[1]).toBe('Service_AI_a,5,失败,40,3001,源视频无法读取,,1000,1970-01-01T00:00:01.000Z,1970-01-01 00:00:01');
      const json = JSON.parse(tasksToJson(rows, { zone: 'utc' })) as { tasks: Array<Record<string, unknown>> };
      expect(Object.keys(json.tasks[0]!)).toContain('taskId');
    } finally {
      await act(() => setLocale('en'));
    }
  });

  it('writes the update time in local time when that is the setting, named by the browser zone', () => {
    const header = tasksToCsv(rows, { zone: 'local' }).split('\r\n')[0]!;
    expect(header.endsWith(`updatedAt (${Intl.DateTimeFormat().resolvedOptions().timeZone})`)).toBe(true);
  });
});
