import { describe, expect, it } from 'vitest';
import { isKnownTaskStatus, outcomeOf, TaskStatus } from './task-status';

describe('task statuses', () => {
  it('knows exactly the six statuses of section 3', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 1.5, -1, NaN].filter(isKnownTaskStatus)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('places each by the rules of section 3: 4 ends with a result, 5 and 6 with a failure, the rest are open', () => {
    expect(Object.values(TaskStatus).map(outcomeOf)).toEqual(['open', 'open', 'open', 'result', 'failure', 'failure']);
    expect([7, null, undefined].map(outcomeOf)).toEqual([null, null, null]);
  });
});
