import { describe, expect, it } from 'vitest';
import { createScriptQueue, type QueueClock } from './script-queue';
import { newQueueState, restoreQueue, serializeQueue, type SynthesisOutcome } from './script-queue-state';

/** A clock whose time moves only when the test says. */
function fakeClock(start = Date.parse('2026-11-26T00:00:00Z')) {
  let now = start;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let ids = 0;
  const clock: QueueClock = {
    now: () => now,
    setTimeout: (run, ms) => {
      timers.push({ at: now + ms, run, id: ++ids });
      return ids;
    },
    clearTimeout: (id) => void (timers = timers.filter((t) => t.id !== id)),
  };
  const advance = async (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((t) => t !== due);
      now = due.at;
      due.run();
      await flush();
    }
    now = until;
  };
  return { clock, advance };
}

/** Lets the promise callbacks already queued run (no time passes). */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A synthesize whose calls the test answers one by one. */
function fakeGateway() {
  const calls: { line: number; signal: AbortSignal; answer: (o: SynthesisOutcome) => void }[] = [];
  const synthesize = (line: number, signal: AbortSignal) =>
    new Promise<SynthesisOutcome>((answer) => {
      calls.push({ line, signal, answer });
    });
  const answer = async (line: number, outcome: SynthesisOutcome) => {
    const call = calls.filter((c) => c.line === line).at(-1)!;
    call.answer(outcome);
    await flush();
  };
  return { calls, synthesize, answer, lines: () => calls.map((c) => c.line) };
}

const ok = (line: number): SynthesisOutcome => ({ kind: 'ok', taskId: `Service_AI${line}`, targetAudioUrl: `http://gw/a/${line}.wav` });

describe('script queue', () => {
  it('keeps at most N lines in flight and reports progress per line and overall', async () => {
    const gw = fakeGateway();
    const { clock } = fakeClock();
    const q = createScriptQueue({ state: newQueueState([2, 3, 5, 7, 9]), synthesize: gw.synthesize, clock, concurrency: 2 });
    q.start();
    expect(gw.lines()).toEqual([2, 3]);
    await gw.answer(3, ok(3));
    expect(gw.lines()).toEqual([2, 3, 5]);
    expect(q.progress).toMatchObject({ total: 5, done: 1, running: 2, pending: 2, left: 4 });
    for (const line of [2, 5, 7, 9]) await gw.answer(line, ok(line));
    expect(q.state.status).toBe('finished');
    expect(q.state.lines.find((l) => l.line === 9)).toMatchObject({ status: 'done', attempts: 1, result: { taskId: 'Service_AI9' } });
  });

  it("waits a 429's Retry-After (seconds or a date) before sending anything again, then retries the line", async () => {
    const gw = fakeGateway();
    const { clock, advance } = fakeClock();
    const q = createScriptQueue({ state: newQueueState([1, 2, 3]), synthesize: gw.synthesize, clock, concurrency: 2 });
    q.start();
    await gw.answer(1, { kind: 'busy', retryAfter: '3' });
    expect(gw.lines()).toEqual([1, 2]);
    await advance(2999);
    expect(gw.lines()).toEqual([1, 2]);
    await advance(1);
    expect(gw.lines()).toEqual([1, 2, 1]);
    await gw.answer(1, { kind: 'busy', retryAfter: new Date(clock.now() + 10_000).toUTCString() });
    await advance(9999);
    expect(gw.lines()).toEqual([1, 2, 1]);
    await advance(1);
    expect(gw.lines()).toEqual([1, 2, 1, 1]);
    expect(q.state.lines[0]).toMatchObject({ status: 'running', attempts: 3, busyRetries: 2 });
  });

  it('backs off exponentially with jitter when a 429 gives no Retry-After, and fails the line after too many', async () => {
    const gw = fakeGateway();
    const { clock, advance } = fakeClock();
    const q = createScriptQueue({ state: newQueueState([1]), synthesize: gw.synthesize, clock, random: () => 0 });
    q.start();
    const waits: number[] = [];
    for (let i = 0; i < 9; i++) {
      const before = clock.now();
      await gw.answer(1, { kind: 'busy' });
      if (q.state.lines[0]!.status === 'failed') break;
      const sent = gw.calls.length;
      while (gw.calls.length === sent) await advance(100);
      waits.push(clock.now() - before);
    }
    expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    expect(q.state.lines[0]).toMatchObject({ status: 'failed', error: { code: 429 } });
    expect(q.state.status).toBe('finished');
  });

  it('stops the whole queue on 10091 and says how many lines are left; resume goes on', async () => {
    const gw = fakeGateway();
    const { clock } = fakeClock();
    const q = createScriptQueue({ state: newQueueState([1, 2, 3, 4, 5]), synthesize: gw.synthesize, clock, concurrency: 2 });
    q.start();
    await gw.answer(1, ok(1));
    await gw.answer(2, { kind: 'failed', code: 10091 });
    expect(q.state.status).toBe('stopped');
    expect(q.state.stop).toEqual({ reason: 'insufficientPoints', line: 2, left: 4 });
    await gw.answer(3, ok(3)); // in flight when it stopped: still counted
    expect(gw.lines()).toEqual([1, 2, 3]);
    expect(q.progress).toMatchObject({ done: 2, left: 3 });
    q.resume();
    expect(q.state.stop).toBeUndefined();
    expect(gw.lines()).toEqual([1, 2, 3, 2, 4]);
  });

  it('marks other failures (and throws) failed and goes on', async () => {
    const { clock } = fakeClock();
    let n = 0;
    const synthesize = (line: number) => {
      n++;
      if (line === 1) return Promise.resolve<SynthesisOutcome>({ kind: 'failed', code: 2107, httpStatus: 200 });
      if (line === 2) return Promise.reject(new Error('network'));
      return Promise.resolve(ok(line));
    };
    const q = createScriptQueue({ state: newQueueState([1, 2, 3]), synthesize, clock });
    q.start();
    await flush();
    await flush();
    expect(n).toBe(3);
    expect(q.state.lines.map((l) => [l.status, l.error])).toEqual([
      ['failed', { code: 2107, httpStatus: 200 }],
      ['failed', {}],
      ['done', undefined],
    ]);
    expect(q.state.status).toBe('finished');
  });

  it('pauses (lines in flight finish), resumes, and cancels (aborting what is in flight)', async () => {
    const gw = fakeGateway();
    const { clock } = fakeClock();
    const q = createScriptQueue({ state: newQueueState([1, 2, 3, 4]), synthesize: gw.synthesize, clock, concurrency: 1 });
    q.start();
    q.pause();
    await gw.answer(1, ok(1));
    expect(gw.lines()).toEqual([1]);
    expect(q.state.status).toBe('paused');
    q.resume();
    expect(gw.lines()).toEqual([1, 2]);
    q.cancel();
    expect(gw.calls[1]!.signal.aborted).toBe(true);
    await gw.answer(2, { kind: 'failed' });
    expect(q.state.lines.map((l) => l.status)).toEqual(['done', 'cancelled', 'cancelled', 'cancelled']);
    q.resume();
    expect(gw.lines()).toEqual([1, 2]);
  });

  it('finishes a queue paused while its last lines were in flight, once they come back, and keeps it finished', async () => {
    const gw = fakeGateway();
    const { clock } = fakeClock();
    let kept = '';
    const q = createScriptQueue({
      state: newQueueState([1, 2, 3, 4, 5]),
      synthesize: gw.synthesize,
      clock,
      concurrency: 2,
      onChange: (s) => (kept = serializeQueue(s)),
    });
    q.start();
    for (const line of [1, 2, 3]) await gw.answer(line, ok(line));
    // Lines 4 and 5, the last ones, are in flight when the operator pauses.
    q.pause();
    await gw.answer(4, ok(4));
    expect(q.state.status).toBe('paused');
    await gw.answer(5, { kind: 'failed', code: 2107 });
    expect(q.state.status).toBe('finished');
    expect(q.progress).toMatchObject({ done: 4, failed: 1, left: 0 });
    expect(restoreQueue(kept)!.status).toBe('finished');
  });

  it('reads a kept paused queue with nothing left (as consoles before this one kept it) as finished', () => {
    const made = newQueueState([1, 2]).lines.map((l) => ({ ...l, status: 'done' as const, attempts: 1 }));
    const paused = { ...newQueueState([]), status: 'paused' as const, lines: made };
    expect(restoreQueue(serializeQueue(paused))!.status).toBe('finished');
    // Something still to make keeps it paused.
    const left = { ...paused, lines: [...made, { line: 3, status: 'running' as const, attempts: 1, busyRetries: 0 }] };
    expect(restoreQueue(serializeQueue(left))!.status).toBe('paused');
  });

  it('survives a reload: the kept state resumes, lines in flight go back to pending and are marked', async () => {
    const gw = fakeGateway();
    const { clock } = fakeClock();
    let kept = '';
    const q = createScriptQueue({
      state: newQueueState([1, 2, 3]),
      synthesize: gw.synthesize,
      clock,
      onChange: (s) => (kept = serializeQueue(s)),
    });
    q.start();
    await gw.answer(1, ok(1));
    // The page goes away with lines 2 and 3 in flight.
    const restored = restoreQueue(kept)!;
    expect(restored.lines.map((l) => [l.line, l.status, l.resentAfterReload])).toEqual([
      [1, 'done', undefined],
      [2, 'pending', true],
      [3, 'pending', true],
    ]);
    const after = fakeGateway();
    const q2 = createScriptQueue({ state: restored, synthesize: after.synthesize, clock });
    q2.start();
    expect(after.lines()).toEqual([2, 3]);
    expect(restoreQueue('{"version":2}')).toBeNull();
    expect(restoreQueue('not json')).toBeNull();
  });
});
