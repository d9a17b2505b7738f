import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createScriptQueue, type QueueClock } from './script-queue';
import { newQueueState, restoreQueue, serializeQueue, type SynthesisOutcome } from './script-queue-state';

const outcome: fc.Arbitrary<SynthesisOutcome> = fc.oneof(
  { weight: 5, arbitrary: fc.constant<SynthesisOutcome>({ kind: 'ok', taskId: 'Service_AI1', targetAudioUrl: 'http://gw/a.wav' }) },
  { weight: 2, arbitrary: fc.constantFrom<SynthesisOutcome>({ kind: 'busy' }, { kind: 'busy', retryAfter: '2' }) },
  { weight: 1, arbitrary: fc.constantFrom<SynthesisOutcome>({ kind: 'failed', code: 2107 }, { kind: 'failed', code: 10091 }) },
);

describe('script queue with any sequence of answers', () => {
  it('never has more than N in flight, and ends finished (every line done or failed) or stopped on 10091', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 3 }),
        fc.array(outcome, { minLength: 1, maxLength: 80 }),
        async (lines, n, answers) => {
          let now = 0;
          let timers: { at: number; run: () => void }[] = [];
          const clock: QueueClock = {
            now: () => now,
            setTimeout: (run, ms) => {
              const t = { at: now + ms, run };
              timers.push(t);
              return t;
            },
            clearTimeout: (t) => void (timers = timers.filter((x) => x !== t)),
          };
          let inFlight = 0;
          let most = 0;
          let next = 0;
          const pending: (() => void)[] = [];
          const synthesize = () =>
            new Promise<SynthesisOutcome>((resolve) => {
              inFlight++;
              most = Math.max(most, inFlight);
              // Past the script of answers, everything succeeds, so the queue can end.
              const answer = answers[next++] ?? { kind: 'ok', taskId: 'Service_AI2', targetAudioUrl: 'http://gw/b.wav' };
              pending.push(() => {
                inFlight--;
                resolve(answer);
              });
            });
          const q = createScriptQueue({
            state: newQueueState(Array.from({ length: lines }, (_, i) => i + 1)),
            synthesize,
            clock,
            concurrency: n,
            random: () => 0.5,
          });
          q.start();
          for (let step = 0; step < 2000 && (q.state.status === 'running' || pending.length > 0); step++) {
            if (pending.length > 0) pending.shift()!();
            else {
              const due = timers.sort((a, b) => a.at - b.at).shift();
              if (!due) break;
              now = due.at;
              due.run();
            }
            await Promise.resolve();
            await Promise.resolve();
          }
          expect(most).toBeLessThanOrEqual(n);
          const p = q.progress;
          expect(p.done + p.failed + p.pending + p.running + p.cancelled).toBe(lines);
          if (q.state.status === 'stopped') expect(q.state.stop?.reason).toBe('insufficientPoints');
          else {
            expect(q.state.status).toBe('finished');
            expect(p.done + p.failed).toBe(lines);
          }
          expect(restoreQueue(serializeQueue(q.state))?.lines).toHaveLength(lines);
        },
      ),
      { numRuns: 200 },
    );
  });
});
