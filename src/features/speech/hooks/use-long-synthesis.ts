import { useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ErrorCode, type SpeechRequest } from '@/contract';
import { useActiveConnection } from '@/hooks/use-connection';
import { GatewayRequestError } from '@/lib/gateway-error';
import type { LongProgress } from '../api/run-long-synthesis';
import type { LongJob } from '../model/long-job';
import { splitText } from '../model/split-text';
import { newTakeId, type LoadedTake } from '../model/take';
import { addTake } from '../stores/history-store';
import { deleteJob, doneParts, latestJob, saveJob } from '../stores/job-db';
import { studioSettingsStore } from '../stores/studio-settings';

/** A job that stopped before its end (cancel, an error, a reload), with how far it got. */
export type PausedJob = { job: LongJob; done: number };

const REFUSED = [ErrorCode.missingParameter, ErrorCode.invalidParameter] as const;
const PAUSED_JOB_KEY = ['speech', 'paused-long-job'] as const;

/** IndexedDB unavailable reads as "nothing to resume": the studio still works without it. */
async function readPausedJob(): Promise<PausedJob | null> {
  const job = await latestJob().catch(() => null);
  return job ? { job, done: (await doneParts(job.id).catch(() => new Set())).size } : null;
}

/**
 * A text longer than one request: split, sent part by part, joined into one take. One mutation
 * (one signal) per run; a run that stops leaves the job and its finished parts for Resume.
 */
export function useLongSynthesis(onTake: (loaded: LoadedTake) => void) {
  const connection = useActiveConnection();
  const controller = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<LongProgress | null>(null);
  const pausedQuery = useQuery({ queryKey: PAUSED_JOB_KEY, queryFn: readPausedJob, staleTime: Infinity, retry: false });
  const paused = pausedQuery.data ?? null;
  const refreshPaused = () => pausedQuery.refetch();

  const mutation = useMutation({
    mutationFn: async (job: LongJob) => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      try {
        // Its own chunk (joining WAV/PCM and MP3 parts): most visits never send a long text.
        const { runLongSynthesis } = await import('../api/run-long-synthesis');
        const loaded = await runLongSynthesis(job, connection, own.signal, { onProgress: setProgress, onPreview: onTake });
        onTake(loaded);
        await addTake(loaded.take, loaded.audio);
        await deleteJob(job.id);
        return loaded;
      } catch (error) {
        // A request the gateway refuses as such (2000/2001) would fail again on resume: with nothing done, nothing to keep.
        const refused = error instanceof GatewayRequestError && (REFUSED as readonly unknown[]).includes(error.code);
        if (refused && (await doneParts(job.id).catch(() => new Set())).size === 0) await deleteJob(job.id).catch(() => undefined);
        throw error;
      } finally {
        setProgress(null);
        await refreshPaused();
      }
    },
  });

  return {
    start: async (request: SpeechRequest): Promise<void> => {
      const { token: _token, ...where } = connection;
      const job: LongJob = {
        id: newTakeId(),
        createdAt: Date.now(),
        connection: where,
        request,
        parts: splitText(request.sourceText),
        pcmFormat: studioSettingsStore.get().pcm,
      };
      // A new long text replaces an unfinished one: one job at a time.
      if (paused) await deleteJob(paused.job.id).catch(() => undefined);
      await saveJob(job);
      await mutation.mutateAsync(job);
    },
    resume: async (): Promise<void> => {
      if (paused) await mutation.mutateAsync(paused.job);
    },
    discard: async (): Promise<void> => {
      if (paused) await deleteJob(paused.job.id);
      mutation.reset();
      await refreshPaused();
    },
    cancel: () => controller.current?.abort(),
    pending: mutation.isPending,
    error: mutation.error,
    progress,
    paused,
  };
}
