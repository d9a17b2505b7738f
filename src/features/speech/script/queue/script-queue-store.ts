import { createStore } from '@/lib/persisted-store';
import type { Connection } from '@/lib/connection-profile';
import { synthesizeLine } from './script-line';
import type { PcmFormat } from '../../audio';
import type { ScriptRow } from '../import/import-script';
import { createScriptQueue, type QueueClock } from './script-queue';
import { newQueueState, restoreQueue, retryFailed, serializeQueue, setStatus, type QueueState } from './script-queue-state';
import { newTakeId } from '../../take';
import { lexiconOf } from '../../lexicon';
import { discardScript as forgetScript, latestScript, saveScriptQueue, saveScriptTake, startScript as keepScript } from './script-db';

/** The script being made: its rows and its queue's state; `restored` when it came back after a reload. */
export type ScriptJob = { id: string; rows: ScriptRow[]; state: QueueState; restored: boolean };

/** Where and how lines are sent: read when the queue (re)starts. Its lines use that profile's connection and lexicon. */
export type ScriptEnv = { connection: Connection; profileId: string; pcmFormat: PcmFormat; concurrency: number | undefined };

/** One script at a time, outliving the Script tab (the queue goes on while the operator looks elsewhere). */
export const scriptJobStore = createStore<ScriptJob | null>(null);

type Driver = ReturnType<typeof createScriptQueue>;
let driver: { id: string; queue: Driver } | null = null;
let loading: Promise<void> | null = null;

const clock: QueueClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const inFlight = (state: QueueState) => state.lines.some((l) => l.status === 'running');

function drive(job: ScriptJob, env: ScriptEnv): Driver {
  const rows = new Map(job.rows.map((r) => [r.line, r]));
  const queue = createScriptQueue({
    state: job.state,
    clock,
    ...(env.concurrency === undefined ? {} : { concurrency: env.concurrency }),
    synthesize: (line, signal) =>
      synthesizeLine(
        rows.get(line)!,
        {
          scriptId: job.id,
          connection: env.connection,
          pcmFormat: env.pcmFormat,
          rules: () => lexiconOf(env.profileId),
          save: saveScriptTake,
        },
        signal,
      ),
    onChange: (state) => {
      const current = scriptJobStore.get();
      if (current?.id === job.id) scriptJobStore.set({ ...current, state });
      void saveScriptQueue(job.id, serializeQueue(state)).catch(() => undefined);
    },
  });
  driver = { id: job.id, queue };
  return queue;
}

/** The driver of the current job, made anew after a reload or a "retry failed". */
function driverOf(env: ScriptEnv): Driver | null {
  const job = scriptJobStore.get();
  if (!job) return null;
  return driver?.id === job.id ? driver.queue : drive(job, env);
}

/** The script kept before a reload, if any, paused: the operator resumes it (lines in flight are sent again). */
export function loadKeptScript(): Promise<void> {
  loading ??= latestScript()
    .then((kept) => {
      if (!kept || scriptJobStore.get()) return;
      const restored = restoreQueue(kept.queue);
      if (!restored) return;
      const state = restored.status === 'running' ? setStatus(restored, 'pause') : restored;
      scriptJobStore.set({ id: kept.id, rows: kept.rows, state, restored: true });
    })
    .catch(() => undefined);
  return loading;
}

/** A new script replaces the one before (its kept audio too) and starts. */
export async function startScript(rows: ScriptRow[], env: ScriptEnv): Promise<void> {
  driver?.queue.cancel();
  const job: ScriptJob = { id: newTakeId(), rows, state: newQueueState(rows.map((r) => r.line)), restored: false };
  await keepScript({ id: job.id, createdAt: Date.now(), rows, queue: serializeQueue(job.state) });
  scriptJobStore.set(job);
  drive(job, env).start();
}

export const pauseScript = () => driver?.queue.pause();

export function resumeScript(env: ScriptEnv): void {
  driverOf(env)?.resume();
}

export function cancelScript(env: ScriptEnv): void {
  driverOf(env)?.cancel();
}

/** Failed lines back in the queue, which goes on (only once nothing is in flight). */
export function retryFailedLines(env: ScriptEnv): void {
  const job = scriptJobStore.get();
  if (!job || inFlight(job.state)) return;
  const next = { ...job, state: retryFailed(job.state) };
  scriptJobStore.set(next);
  void saveScriptQueue(job.id, serializeQueue(next.state)).catch(() => undefined);
  drive(next, env).start();
}

/** Forget the script and its audio (cancelling what is still in flight). */
export async function discardScript(): Promise<void> {
  driver?.queue.cancel();
  driver = null;
  scriptJobStore.set(null);
  await forgetScript();
}
