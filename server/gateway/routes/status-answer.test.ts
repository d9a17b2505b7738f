import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { successEnvelope } from '#contract';
import type { TaskState } from '../tasks/task-status-at';
import { statusAnswerJson, taskItemJson } from './status-answer';

const state = fc.record({
  taskStatus: fc.constantFrom(1, 2, 3, 4, 5, 6) as fc.Arbitrary<TaskState['taskStatus']>,
  taskProgress: fc.integer({ min: 0, max: 100 }),
  errorCode: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10_000 })),
  updateTime: fc.oneof(fc.integer({ min: 0, max: 2 ** 42 }), fc.double()),
});
const text = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constant('Service_AI_"quoted"\\n\u2028'));

describe('the status answer written by hand', () => {
  it('is byte for byte what JSON.stringify writes for the same items', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(text, state, fc.option(text)), { maxLength: 20 }), (rows) => {
        const items = rows.map(([taskId, s, url]) => ({ taskId, ...s, targetVideoUrl: url }));
        const byHand = statusAnswerJson(rows.map(([taskId, s, url]) => taskItemJson(taskId, s, url)));
        expect(byHand).toBe(JSON.stringify(successEnvelope(items)));
      }),
      { numRuns: 300 },
    );
  });

  it('parses back to the items, a signed link and an ID with quotes included', () => {
    const s: TaskState = { taskStatus: 4, taskProgress: 100, errorCode: 0, updateTime: 1_767_225_600_000 };
    const json = statusAnswerJson([taskItemJson('Service_AI_"x"', s, 'http://h/api/files/video/a?u=1&sig=ab-_')]);
    expect(JSON.parse(json)).toEqual({
      code: 0,
      message: 'OK',
      data: [{ taskId: 'Service_AI_"x"', ...s, targetVideoUrl: 'http://h/api/files/video/a?u=1&sig=ab-_' }],
    });
  });
});
