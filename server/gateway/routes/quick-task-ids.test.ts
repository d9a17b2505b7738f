import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operations } from '#contract';
import { validateBody, withoutNulls } from '../validate-body';
import { quickTaskIds } from './quick-task-ids';

const bySchema = (body: Record<string, unknown>): string[] | 'refused' => {
  try {
    return validateBody(operations.taskStatus.request, withoutNulls(body));
  } catch {
    return 'refused';
  }
};

const id = fc.oneof(
  fc.constantFrom('Service_AI_1', 'Service_AI_2', 'Service_AI', 'service_ai_3', '', ' Service_AI_4'),
  fc.string({ maxLength: 8 }).map((s) => `Service_AI${s}`),
  fc.string({ maxLength: 8 }),
);
const value = (of: fc.Arbitrary<unknown>) => fc.oneof(of, fc.constant(null), fc.integer(), fc.constant({}), fc.boolean());
const body = fc.record(
  {
    taskId: value(id),
    taskIds: fc.oneof(
      value(fc.array(id, { maxLength: 8 })),
      fc.array(value(id), { maxLength: 5 }),
      fc.array(id, { minLength: 95, maxLength: 130 }),
    ),
    other: fc.anything(),
  },
  { requiredKeys: [] },
);

describe('quickTaskIds', () => {
  it('answers only what the schema accepts, with the same merged IDs, and leaves every refusal to the schema', () => {
    fc.assert(
      fc.property(body, (b) => {
        const quick = quickTaskIds(b);
        const schema = bySchema(b);
        if (quick !== null) expect(quick).toEqual(schema);
        else if (schema !== 'refused') expect.fail(`quick path declined a valid body: ${JSON.stringify(b)}`);
      }),
      { numRuns: 5000 },
    );
  });

  it('merges taskId first and drops duplicates, and declines 101 distinct IDs', () => {
    expect(quickTaskIds({ taskId: 'Service_AI_b', taskIds: ['Service_AI_a', 'Service_AI_b', 'Service_AI_a'] })).toEqual([
      'Service_AI_b',
      'Service_AI_a',
    ]);
    expect(quickTaskIds({ taskIds: Array.from({ length: 101 }, (_, i) => `Service_AI_${i}`) })).toBeNull();
    expect(quickTaskIds({ taskId: '', taskIds: null })).toBeNull();
  });
});
