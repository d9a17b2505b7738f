import { describe, expect, it } from 'vitest';
import { GatewayError } from '../reply';
import { createSpeechAdmission } from './speech-admission';

/** How many of `asks` places `callerKey` gets, each from a new user ID (X-User-Id rotation). */
function fill(admission: ReturnType<typeof createSpeechAdmission>, callerKey: string, asks: number) {
  const leaves: (() => void)[] = [];
  for (let i = 0; i < asks; i++) {
    try {
      leaves.push(admission.enter({ userId: `${callerKey}-${i}`, callerKey }));
    } catch (err) {
      expect(err).toBeInstanceOf(GatewayError);
      expect((err as GatewayError).headers['Retry-After']).toMatch(/^[1-9][0-9]*$/);
    }
  }
  return leaves;
}

describe('speech admission: fair shares between callers', () => {
  it('keeps places free for callers that have none: half while alone, then a third each', () => {
    const admission = createSpeechAdmission({ perUser: 2, total: 12 });
    expect(fill(admission, 'a', 20)).toHaveLength(6);
    expect(fill(admission, 'b', 20)).toHaveLength(4); // 12 / (2 callers + 1)
    expect(fill(admission, 'c', 20)).toHaveLength(2); // its share is 3, but the total is reached
    expect(admission.inFlight).toBe(12);
  });

  it('a caller above a smaller share adds nothing until its own finish', () => {
    const admission = createSpeechAdmission({ perUser: 2, total: 8 });
    const a = fill(admission, 'a', 8);
    expect(a).toHaveLength(4);
    fill(admission, 'b', 1);
    a.slice(0, 2).forEach((leave) => leave());
    expect(fill(admission, 'a', 8)).toHaveLength(0); // holds 2 = floor(8 / 3)
    a[2]!();
    expect(fill(admission, 'a', 8)).toHaveLength(1);
  });
});
