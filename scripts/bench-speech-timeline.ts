// npm run bench:speech-timeline — where a 5,000-character synthesis spends its time, thread by
// thread: the engine, reading and joining its output, each MP3 part's encode on each thread, idle
// gaps, the frame join and Xing frame, the move to the main thread and the durable file write.
// WAV and MP3 jobs alternate (BENCH_TIMELINE_REPEATS pairs, default 5); the MP3 job with the median
// time is drawn. Not in CI.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openGatewayDatabase } from '../server/gateway/storage/gateway-database';
import { createAudioStore } from '../server/gateway/speech/audio-store';
import type { TimelineEvent } from '../server/gateway/speech/job-timeline.mjs';
import { splitSentences } from '../server/gateway/speech/split-sentences';
import { engineProsody } from '../server/gateway/speech/voice-settings';
import { createWorkerPool, type SynthJob } from '../server/gateway/speech/worker-pool';

// Read by the worker threads when they start.
process.env.SPEECH_TIMELINE = '1';
const repeats = Number(process.env.BENCH_TIMELINE_REPEATS ?? 5);
const chars = Number(process.env.BENCH_TIMELINE_CHARS ?? 5000);
const sentence = 'The embedded gateway turns this sentence into speech. ';
const text = sentence.repeat(Math.ceil(chars / sentence.length)).slice(0, chars);
const job: Omit<SynthJob, 'format'> = { sentences: splitSentences(text), voice: 'en-us', ...engineProsody(1, 0), volumeDb: 0 };

const dataDir = await mkdtemp(join(tmpdir(), 'bench-timeline-'));
const db = await openGatewayDatabase(dataDir);
const store = createAudioStore(dataDir, Promise.resolve(db.db));
const pool = createWorkerPool(1);

type Run = {
  format: string;
  totalMs: number;
  cpuMs: number;
  saveMs: number;
  start: number;
  resultAt: number;
  events: TimelineEvent[];
  bytes: number;
};

async function run(format: 'wav' | 'mp3'): Promise<Run> {
  const cpu = process.cpuUsage();
  const start = performance.timeOrigin + performance.now();
  const result = await pool.run({ ...job, format });
  const resultAt = performance.timeOrigin + performance.now();
  await store.save(result.bytes, { userId: '1', format, channel: 0, appSource: null, durationMs: result.durationMs });
  const end = performance.timeOrigin + performance.now();
  const used = process.cpuUsage(cpu);
  return {
    format,
    totalMs: end - start,
    cpuMs: (used.user + used.system) / 1000,
    saveMs: end - resultAt,
    start,
    resultAt,
    events: result.timeline ?? [],
    bytes: result.bytes.length,
  };
}

await run('wav'); // starts the worker, compiles the engine and LAME
await run('mp3');
const runs: Run[] = [];
for (let i = 0; i < repeats; i++) runs.push(await run('wav'), await run('mp3'));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const f = (n: number) => n.toFixed(0).padStart(5);

/** Busy time per thread and the gaps where a thread waited between the job's start and the result. */
function summary(r: Run) {
  const threads = new Map<string, TimelineEvent[]>();
  for (const e of r.events) {
    if (e.what.endsWith(' wait') || e.what === 'wait for helper') continue;
    threads.set(e.thread, [...(threads.get(e.thread) ?? []), e]);
  }
  const out: Record<string, Record<string, string>> = {};
  for (const [thread, events] of threads) {
    events.sort((a, b) => a.start - b.start);
    const busy = events.reduce((n, e) => n + e.end - e.start, 0);
    const first = events[0]!.start - r.start;
    const last = events.at(-1)!.end - r.start;
    out[thread] = { 'first ms': f(first), 'last ms': f(last), 'busy ms': f(busy), 'idle between ms': f(last - first - busy) };
  }
  return out;
}

function draw(r: Run) {
  console.log(
    `\n${r.format.toUpperCase()} job timeline (ms from the pool call; ${(r.bytes / 1024).toFixed(0)} KiB; CPU of all threads ${r.cpuMs.toFixed(0)} ms)`,
  );
  // The joiner's many small batches while the engine writes (MP3 also scans for cuts): one line.
  const isJoin = (what: string) => what === 'join+scan' || what === 'join';
  const joinScan = r.events.filter((e) => isJoin(e.what));
  if (joinScan.length > 0) {
    const ms = joinScan.reduce((n, e) => n + e.end - e.start, 0);
    console.log(
      `${f(joinScan[0]!.start - r.start)} …${f(joinScan.at(-1)!.end - r.start)}  synth   ${joinScan[0]!.what}: ${joinScan.length} batches, ${ms.toFixed(0)} ms in all`,
    );
  }
  for (const e of [...r.events].filter((e) => !isJoin(e.what)).sort((a, b) => a.start - b.start)) {
    console.log(`${f(e.start - r.start)} →${f(e.end - r.start)}  ${e.thread.padEnd(7)} ${e.what} (${(e.end - e.start).toFixed(1)} ms)`);
  }
  const lastWorkerEvent = Math.max(...r.events.map((e) => e.end));
  console.log(`${f(lastWorkerEvent - r.start)} →${f(r.resultAt - r.start)}  main    result moved to the main thread`);
  console.log(`${f(r.resultAt - r.start)} →${f(r.totalMs)}  main    durable file write`);
  console.table(summary(r));
}

const wav = runs.filter((r) => r.format === 'wav');
const mp3 = runs.filter((r) => r.format === 'mp3');
const byTotal = (xs: Run[]) => [...xs].sort((a, b) => a.totalMs - b.totalMs)[Math.floor(xs.length / 2)]!;
draw(byTotal(wav));
draw(byTotal(mp3));
console.log(
  `\n${chars} chars, median of ${repeats}: WAV ${median(wav.map((r) => r.totalMs)).toFixed(0)} ms (write ${median(wav.map((r) => r.saveMs)).toFixed(0)}), ` +
    `MP3 ${median(mp3.map((r) => r.totalMs)).toFixed(0)} ms (write ${median(mp3.map((r) => r.saveMs)).toFixed(0)}); ` +
    `MP3/WAV ${median(mp3.map((r, i) => r.totalMs / wav[i]!.totalMs)).toFixed(2)}`,
);
// On a shared machine wall times stretch with the load; CPU time (all threads of this process) much less.
console.log(
  `CPU of all threads, median: WAV ${median(wav.map((r) => r.cpuMs)).toFixed(0)} ms, MP3 ${median(mp3.map((r) => r.cpuMs)).toFixed(0)} ms`,
);

await pool.close();
db.close();
await rm(dataDir, { recursive: true, force: true });
