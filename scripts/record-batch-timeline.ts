// Records a batch's timeline from the embedded gateway's own lifecycle (server/gateway/tasks/task-status-at.ts), as a
// console polling every 10 s would see it, into src/features/tasks/testing/batch-timeline.json for the batch ETA's
// replay test. Run: npx tsx scripts/record-batch-timeline.ts && npx prettier --write src/features/tasks/testing/batch-timeline.json
import { writeFileSync } from 'node:fs';
import { taskStateAt } from '../server/gateway/tasks/task-status-at';
import type { TaskRecord } from '../server/gateway/tasks/task-record';

const POLL_MS = 10_000;
const T0 = Date.UTC(2026, 10, 25, 9);

/** Waves as an operator submits them: one create call per wave (one duration), or one call per task (jittered). */
const WAVES = [
  { at: 0, count: 30, durationMs: 8 * 60_000, outcome: 'mixed', jitter: 0 },
  { at: 2 * 60_000, count: 20, durationMs: 5 * 60_000, outcome: 'finished', jitter: 0.3 },
  { at: 4 * 60_000, count: 15, durationMs: 10 * 60_000, outcome: 'mixed', jitter: 0.2 },
  { at: 7 * 60_000, count: 10, durationMs: 3 * 60_000, outcome: 'finished', jitter: 0 },
] as const;

let seed = 12345;
const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;

const records: TaskRecord[] = [];
for (const [w, wave] of WAVES.entries())
  for (let i = 0; i < wave.count; i++)
    records.push({
      taskId: `Service_AI_replay_${w}_${i}`,
      userId: '1',
      createdAt: T0 + wave.at,
      durationMs: Math.round(wave.durationMs * (1 + wave.jitter * (2 * random() - 1))),
      outcome: wave.outcome,
      seed: Math.floor(random() * 2 ** 31),
    });

const end = Math.max(...records.map((r) => r.createdAt + r.durationMs)) + 2 * POLL_MS;
const polls: Array<{ at: number; states: string }> = [];
for (let at = T0 + 1_000; at <= end; at += POLL_MS) {
  // Each watched task (created by then) as status·1000 + progress; a task not yet submitted is "-".
  const states = records.map((r) => {
    if (r.createdAt > at) return '-';
    const s = taskStateAt(r, at);
    return String(s.taskStatus * 1000 + s.taskProgress);
  });
  polls.push({ at, states: states.join(' ') });
}
const out = {
  source: 'server/gateway/tasks/task-status-at.ts via scripts/record-batch-timeline.ts',
  pollMs: POLL_MS,
  ids: records.map((r) => r.taskId),
  polls,
};
writeFileSync('src/features/tasks/testing/batch-timeline.json', `${JSON.stringify(out)}\n`);
console.log(`${records.length} tasks, ${polls.length} polls`);
