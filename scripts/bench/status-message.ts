// What a status slice costs the page's main thread as it arrives from the status worker: the structured clone read back
// (V8's serializer, as postMessage uses it) of the answers as objects, as they crossed before, beside the packed columns
// they cross as now (src/features/tasks/status-worker/packed-answers.ts), alternated in one run, for a steady update's
// slice (1,000 answers) and a first cycle's (10,000). Also the bytes, and the packed slice merged into a board.
// `npm run bench:status-message [-- rounds]`.
import { loadavg } from 'node:os';
import { deserialize, serialize } from 'node:v8';
import type { TaskStatusItem } from '../../src/contract';
import type { PackedAnswers } from '../../src/features/tasks/status-worker/packed-answers';
import { stubViteModules } from '../lib/stub-vite-modules';
import { median } from './main-thread-trace';

// The board's modules reach the i18n store, which imports Vite's virtual modules: empty here (stub-vite-modules.ts).
stubViteModules();
const { checkedLink } = await import('../../src/features/tasks/status-worker/checked-link');
const { mergeBoard } = await import('../../src/features/tasks/status-worker/merge-board');
const { packAnswers } = await import('../../src/features/tasks/status-worker/packed-answers');
const { EMPTY_BOARD } = await import('../../src/features/tasks/task/task-snapshot');

const rounds = Number(process.argv[2] ?? 7);

/** The bench's mix: a third Finished with a result link, the rest Running. */
function answersFor(n: number): { asked: string[]; items: TaskStatusItem[] } {
  const asked = Array.from({ length: n }, (_, i) => `Service_AI_mx9clnjw_${(0x1000000 + i).toString(16)}0123456789abcdef`);
  const items = asked.map((taskId, i) =>
    i % 3 === 0
      ? {
          taskId,
          taskStatus: 4,
          taskProgress: 100,
          errorCode: 0,
          targetVideoUrl: `http://127.0.0.1:8115/files/video/${taskId}.mp4`,
          updateTime: 1_764_870_000_000 + i,
        }
      : { taskId, taskStatus: 3, taskProgress: 40 + (i % 50), errorCode: 0, targetVideoUrl: null, updateTime: 1_764_870_000_000 + i },
  );
  return { asked, items };
}

/** Median ms per call over `times` calls, `rounds` times. */
function timed(times: number, work: () => unknown): number {
  const start = performance.now();
  for (let k = 0; k < times; k++) work();
  return (performance.now() - start) / times;
}

console.log(`load average (1 min) ${loadavg()[0]!.toFixed(1)}`);
for (const n of [1_000, 10_000]) {
  const { asked, items } = answersFor(n);
  const asObjects = serialize({ type: 'done', id: 1, slice: { batchIndexes: [0], items, links: items.map(checkedLink), problems: [] } });
  const packed = serialize({
    type: 'done',
    id: 1,
    slice: { batchIndexes: [0], answers: packAnswers(asked, items, checkedLink), problems: [] },
  });
  const times = Math.max(5, Math.round(200_000 / n));
  const read = { objects: [] as number[], packed: [] as number[] };
  const merged: number[] = [];
  for (let r = 0; r < rounds; r++) {
    read.objects.push(timed(times, () => deserialize(asObjects)));
    read.packed.push(timed(times, () => deserialize(packed)));
    merged.push(
      timed(times, () =>
        mergeBoard(EMPTY_BOARD, asked, (deserialize(packed) as { slice: { answers: PackedAnswers } }).slice.answers, 1_000, 1),
      ),
    );
  }
  const [ro, rp, mp] = [read.objects, read.packed, merged].map(median) as [number, number, number];
  console.log(
    `${n.toLocaleString('en-US')} answers: ${asObjects.length.toLocaleString('en-US')} → ${packed.length.toLocaleString('en-US')} bytes; ` +
      `read ${ro.toFixed(3)} → ${rp.toFixed(3)} ms (${(rp / ro).toFixed(2)}); packed, read and merged into a board ${mp.toFixed(3)} ms`,
  );
}
