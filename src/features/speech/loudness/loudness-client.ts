import { workerScriptUrl } from '@/lib/script-url';
import type { PcmChannels } from './loudness';
import type { NormalizedTake, TakeAudio, TakeLoudness } from './take-loudness';
import type { LoudnessReply, LoudnessRequest } from './loudness-worker-messages';
import { decodedBuffers, withPageDecoded } from './page-decoded';
import loudnessWorkerUrl from './loudness.worker.ts?worker&url';

type Send = (request: LoudnessRequest, transfer: Transferable[]) => void;

let send: Send | null = null;
let nextId = 0;
const waiting = new Map<number, (reply: LoudnessReply) => void>();
const receive = (reply: LoudnessReply) => {
  waiting.get(reply.id)?.(reply);
  waiting.delete(reply.id);
};

/** One worker for the page, started on first use; where there are no workers (unit tests), the same handler in the page. */
async function sender(): Promise<Send> {
  if (send) return send;
  if (typeof Worker === 'function') {
    const worker = new Worker(workerScriptUrl(loudnessWorkerUrl), { type: 'module', name: 'loudness' });
    worker.onmessage = (event: MessageEvent<LoudnessReply>) => receive(event.data);
    send = (request, transfer) => worker.postMessage(request, transfer);
  } else {
    const { createLoudnessHandler } = await import('./loudness-worker-messages');
    const handle = createLoudnessHandler(receive);
    send = (request) => void handle(request);
  }
  return send;
}

type Ask =
  | { kind: 'measure'; take: TakeAudio }
  | { kind: 'normalize'; take: TakeAudio; targetLufs: number }
  | { kind: 'measureChannels'; pcm: PcmChannels };

async function ask(request: Ask, transfer: Transferable[] = []): Promise<LoudnessReply> {
  const post = await sender();
  const id = ++nextId;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    post({ ...request, id }, transfer);
  });
}

/** The take's integrated loudness and true peak, measured in the worker. */
export async function measureLoudness(take: TakeAudio): Promise<TakeLoudness> {
  const reply = await ask({ kind: 'measure', take });
  if (reply.kind === 'failed') throw new Error(reply.message);
  if (reply.kind !== 'measure') throw new Error('loudness worker: wrong reply');
  return reply.result;
}

/**
 * The take brought to `targetLufs` in the worker: WAV and 16-bit PCM, and MP3 from the samples the
 * page decodes first (moved to the worker, not copied; a take that cannot be decoded rejects).
 */
export async function normalizeLoudness(take: TakeAudio, targetLufs: number): Promise<NormalizedTake> {
  const decoded = await withPageDecoded(take);
  const reply = await ask({ kind: 'normalize', take: decoded, targetLufs }, decodedBuffers(decoded));
  if (reply.kind === 'failed') throw new Error(reply.message);
  if (reply.kind !== 'normalize') throw new Error('loudness worker: wrong reply');
  return reply.result;
}

/** Decoded samples (an MP3 the page decoded) measured in the worker; the channels' buffers are moved there, not copied. */
export async function measureChannels(pcm: PcmChannels): Promise<TakeLoudness> {
  const reply = await ask(
    { kind: 'measureChannels', pcm },
    pcm.channels.map((c) => c.buffer as ArrayBuffer),
  );
  if (reply.kind === 'failed') throw new Error(reply.message);
  if (reply.kind !== 'measure') throw new Error('loudness worker: wrong reply');
  return reply.result;
}
