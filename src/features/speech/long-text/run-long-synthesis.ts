import { t } from '@/i18n/i18n-store';
import { normalizeAudioFormat } from '@/contract';
import type { Connection } from '@/lib/connection-profile';
import { GatewayRequestError } from '@/lib/gateway-error';
import { joinAudio, sniffAudioFormat, fetchAudio } from '../audio';
import { partRequest, type LongJob } from './long-job';
import { mergeSegments } from './merge-segments';
import { type LoadedTake, type Take, synthesizeSpeech } from '../take';
import type { StoredPart } from './job-db';
import { readPart, readParts, savePart } from './job-db';
import { loudnessSettingStore, loudnessTarget, normalizeLoadedTake } from '../loudness';

/** Two requests in flight: the next part is synthesized while one downloads, and the gateway is not flooded. */
const PARTS_AT_ONCE = 2;

/**
 * Parts done and the time left; once all are done, what is left to do in this browser (`finishing`):
 * joining them, and bringing the joined audio to a loudness target (seconds for a long WAV), so the screen
 * never says "1 s left" through that work.
 */
export type LongProgress = { done: number; total: number; msLeft: number | null; finishing?: { normalizeTo: number | null } };

type Hooks = {
  onProgress: (progress: LongProgress) => void;
  /** The parts finished so far from the start, joined: playable while the rest are made. */
  onPreview: (loaded: LoadedTake) => void;
};

const cancelled = () =>
  new GatewayRequestError({ operation: 'textToSpeech', kind: 'aborted', message: t('speech.error.cancelledRequest') });

/**
 * Synthesizes the parts not done yet, keeping each finished one in IndexedDB, then joins them into
 * one take. Any failure (cancel, 10091, 2107, a lost connection) stops before the next part; the
 * parts done so far stay, so the job resumes from where it stopped.
 */
export async function runLongSynthesis(job: LongJob, connection: Connection, signal: AbortSignal, hooks: Hooks): Promise<LoadedTake> {
  // Blob handles of the finished parts (the bytes stay in IndexedDB), reused by every preview.
  const stored = new Map((await readParts(job.id)).map((p) => [p.index, p]));
  const done = new Set(stored.keys());
  const inOrder = (count: number) => Array.from({ length: count }, (_, i) => stored.get(i)!);
  const total = job.parts.length;
  const todo = job.parts.map((_, i) => i).filter((i) => !done.has(i));
  const started = Date.now();
  let finishedHere = 0;
  let next = 0;
  let failure: unknown = null;
  let previewed = 0;

  const report = () => {
    const perPart = finishedHere > 0 ? (Date.now() - started) / finishedHere : null;
    hooks.onProgress({ done: done.size, total, msLeft: perPart === null ? null : perPart * (total - done.size) });
  };
  const preview = async () => {
    let prefix = 0;
    while (done.has(prefix)) prefix++;
    if (prefix <= previewed || prefix === total) return;
    previewed = prefix;
    hooks.onPreview(await joinParts(job, inOrder(prefix)));
  };

  const worker = async () => {
    while (failure === null && !signal.aborted && next < todo.length) {
      const index = todo[next++]!;
      try {
        const part = await synthesizePart(job, index, connection, signal);
        await savePart(part);
        // The stored copy, not the download: the browser may then let the downloaded bytes go.
        stored.set(index, (await readPart(job.id, index)) ?? part);
        done.add(index);
        finishedHere++;
        report();
        await preview().catch(() => undefined);
      } catch (e) {
        failure ??= e;
      }
    }
  };
  report();
  if (done.size > 0) await preview().catch(() => undefined);
  await Promise.all(Array.from({ length: Math.min(PARTS_AT_ONCE, todo.length) }, worker));
  if (signal.aborted) throw cancelled();
  if (failure !== null) throw failure;
  // The whole joined take is brought to the loudness target (in a worker), before it is kept or played.
  const target = loudnessTarget(loudnessSettingStore.get());
  // Every format is (MP3 decoded and encoded again), so the screen says so for each.
  hooks.onProgress({ done: total, total, msLeft: null, finishing: { normalizeTo: target } });
  return normalizeLoadedTake(await joinParts(job, inOrder(total)), target);
}

async function synthesizePart(job: LongJob, index: number, connection: Connection, signal: AbortSignal): Promise<StoredPart> {
  const result = await synthesizeSpeech({ connection, request: partRequest(job, index) }, signal);
  const requested = normalizeAudioFormat(job.request.format);
  const audio = await fetchAudio(result.targetAudioUrl, signal, { requested, ticket: result.consoleAudioTicket }).catch((e: unknown) => {
    throw signal.aborted ? cancelled() : e;
  });
  if (!audio.kept) {
    throw new GatewayRequestError({
      operation: 'textToSpeech',
      kind: 'contract',
      message: t('speech.long.partUnreadable', { n: index + 1, reason: audio.reason }),
    });
  }
  return { jobId: job.id, index, result, audio: audio.blob, contentType: audio.contentType };
}

/** The take for the parts given (all of them, or the finished start for a preview): one audio, segments on its clock. */
async function joinParts(job: LongJob, parts: StoredPart[]): Promise<LoadedTake> {
  const requested = normalizeAudioFormat(job.request.format);
  const formats = await Promise.all(parts.map((p) => sniffAudioFormat(p.audio, requested)));
  const format = formats[0] ?? requested;
  if (formats.some((f) => f !== format)) throw new Error(t('speech.long.formatsDiffer'));
  const joined = await joinAudio(
    parts.map((p) => p.audio),
    format,
    job.pcmFormat,
  );
  const first = parts[0]!.result;
  const take: Take = {
    id: job.id,
    createdAt: job.createdAt,
    connection: job.connection,
    request: job.request,
    result: {
      ...first,
      speeches: mergeSegments(parts.map((p, i) => ({ speeches: p.result.speeches ?? [], startMs: joined.startsMs[i]! }))),
    },
    format,
    pcmFormat: job.pcmFormat,
    audio: { kept: true, contentType: joined.audio.type, byteLength: joined.audio.size },
    parts: parts.map((p, i) => ({ text: job.parts[p.index]!.text, startMs: joined.startsMs[i]!, taskId: p.result.taskId })),
  };
  return { take, audio: joined.audio };
}
