import { createContext } from 'react';
import { MutationObserver, type QueryClient } from '@tanstack/react-query';
import { ErrorCode, countSourceTextChars, SOURCE_TEXT_MAX_CHARS, type SpeechRequest } from '@/contract';
import type { Connection } from '@/lib/connection';
import { GatewayRequestError } from '@/lib/gateway-error';
import { createStore } from '@/lib/persisted-store';
import { makeTake, newTakeId, type LoadedTake, type Take, readAudio } from '../take';
import { normalizeLoadedTake, loudnessSettingStore, loudnessTarget } from '../loudness';
import {
  deleteJob,
  doneParts,
  latestJob,
  loadLongSynthesis,
  saveJob,
  splitText,
  type LongJob,
  type LongProgress,
  type PausedJob,
} from '../long-text';
import { requestToValues } from '../request';
import { type FormPreset, studioSettingsStore } from '../form';
import { addTake } from '../history';

export type SpeechSessionState = {
  /** The take in the result panel: the newest synthesis (or a long text's preview), or one replayed from history. */
  current: LoadedTake | null;
  /** Which run the result panel's failure comes from: the last Synthesize was one request, or a long text in parts. */
  mode: 'short' | 'long';
  /** A take is being made (one request, or a long text's parts). */
  pending: boolean;
  /** Why the last run of `mode` made no take (null when it did, or none ran). */
  error: GatewayRequestError | null;
  /** A failure a take replayed from history replaced in the result panel (the form keeps its field errors). */
  replaced: GatewayRequestError | null;
  /** How far the long text being sent got. */
  progress: LongProgress | null;
  /** The long text that stopped before its end, to resume or discard (null: none; undefined: not read yet). */
  paused: PausedJob | null | undefined;
  preset: FormPreset | null;
  /** The two (at most) takes of history being compared. */
  compareIds: readonly string[];
  /** The take the last Synthesize made, until the next one starts or a take is replayed: the form says it is ready. */
  ready: string | null;
};

const REFUSED = [ErrorCode.missingParameter, ErrorCode.invalidParameter] as const;

/** IndexedDB unavailable reads as "nothing to resume": the studio still works without it. */
async function readPausedJob(): Promise<PausedJob | null> {
  const job = await latestJob().catch(() => null);
  return job ? { job, done: (await doneParts(job.id).catch(() => new Set())).size } : null;
}

/**
 * The studio's session, one per visit of the Speech page: the form starts takes here, the result
 * panel shows the current one (or why the last failed), history replays and reuses takes and picks
 * two to compare. Each run is a react-query mutation (so its failure passes the query client's one
 * handler) with its own AbortController: a new synthesis aborts the one before.
 */
export function createSpeechSession(client: QueryClient, connection: () => Connection) {
  const store = createStore<SpeechSessionState>({
    current: null,
    mode: 'short',
    pending: false,
    error: null,
    replaced: null,
    progress: null,
    paused: undefined,
    preset: null,
    compareIds: [],
    ready: null,
  });
  const update = (patch: Partial<SpeechSessionState>) => store.set({ ...store.get(), ...patch });
  const show = (current: LoadedTake) => update({ current });
  let lastRequest: SpeechRequest | null = null;

  // A mutation gets no signal from react-query: each send owns one controller, and Cancel aborts it.
  let shortController: AbortController | null = null;
  const short = new MutationObserver(client, {
    mutationFn: async (request: SpeechRequest) => {
      shortController?.abort();
      const own = new AbortController();
      shortController = own;
      const input = { connection: connection(), request, pcmFormat: studioSettingsStore.get().pcm };
      // Brought to the loudness setting's target (in a worker) before it is played or kept.
      const loaded = await normalizeLoadedTake(await makeTake(input, own.signal), loudnessTarget(loudnessSettingStore.get()));
      update({ current: loaded, ready: loaded.take.id });
      void addTake(loaded.take, loaded.audio);
      return loaded;
    },
  });

  const refreshPaused = async () => update({ paused: await readPausedJob() });
  // A text longer than one request: split, sent part by part, joined into one take. One mutation
  // (one signal) per run; a run that stops leaves the job and its finished parts for Resume.
  let longController: AbortController | null = null;
  const long = new MutationObserver(client, {
    mutationFn: async (job: LongJob) => {
      longController?.abort();
      const own = new AbortController();
      longController = own;
      try {
        // Its own chunk (joining WAV/PCM and MP3 parts): most visits never send a long text.
        const { runLongSynthesis } = await loadLongSynthesis();
        const loaded = await runLongSynthesis(job, connection(), own.signal, {
          onProgress: (progress) => update({ progress }),
          onPreview: show,
        });
        update({ current: loaded, ready: loaded.take.id });
        await addTake(loaded.take, loaded.audio);
        await deleteJob(job.id);
        return loaded;
      } catch (error) {
        // A request the gateway refuses as such (2000/2001) would fail again on resume: with nothing done, nothing to keep.
        const refused = error instanceof GatewayRequestError && (REFUSED as readonly unknown[]).includes(error.code);
        if (refused && (await doneParts(job.id).catch(() => new Set())).size === 0) await deleteJob(job.id).catch(() => undefined);
        throw error;
      } finally {
        update({ progress: null });
        await refreshPaused();
      }
    },
  });

  // The result panel's failure and the form's "pending" follow both runs.
  const follow = () => {
    const { mode } = store.get();
    const a = short.getCurrentResult();
    const b = long.getCurrentResult();
    const error = (mode === 'long' ? b.error : a.error) ?? null;
    update({ pending: a.isPending || b.isPending, error });
  };

  const startLong = async (request: SpeechRequest) => {
    const { token: _token, ...where } = connection();
    const job: LongJob = {
      id: newTakeId(),
      createdAt: Date.now(),
      connection: where,
      request,
      parts: splitText(request.sourceText),
      pcmFormat: studioSettingsStore.get().pcm,
    };
    // A new long text replaces an unfinished one: one job at a time.
    const { paused } = store.get();
    if (paused) await deleteJob(paused.job.id).catch(() => undefined);
    await saveJob(job);
    await long.mutate(job);
  };

  const session = {
    store,
    /**
     * Follows the runs and reads the unfinished long text, if any, as the page opens; the function
     * returned stops following them (the page closed: a run under way still finishes into history).
     */
    open: (): (() => void) => {
      const unsubscribe = [short.subscribe(follow), long.subscribe(follow)];
      void refreshPaused();
      return () => unsubscribe.forEach((stop) => stop());
    },

    /** One Synthesize: up to one request's worth goes out as is; longer text in parts, joined into one take. */
    synthesize: (request: SpeechRequest): Promise<unknown> => {
      lastRequest = request;
      const isLong = countSourceTextChars(request.sourceText) > SOURCE_TEXT_MAX_CHARS;
      update({ mode: isLong ? 'long' : 'short', ready: null });
      follow();
      return isLong ? startLong(request) : short.mutate(request);
    },
    cancel: () => {
      shortController?.abort();
      longController?.abort();
    },
    resume: async (): Promise<void> => {
      update({ mode: 'long', ready: null });
      follow();
      const { paused } = store.get();
      if (paused) await long.mutate(paused.job).catch(() => undefined);
    },
    discard: async (): Promise<void> => {
      const { paused } = store.get();
      if (paused) await deleteJob(paused.job.id);
      long.reset();
      await refreshPaused();
    },
    /** "Try again" on a failure: resume the stopped long text, or send the last request again. */
    retry: () => {
      const { mode, paused, pending } = store.get();
      if (mode === 'long' && paused && !pending) void session.resume();
      else if (lastRequest) void session.synthesize(lastRequest).catch(() => undefined);
    },

    /** A take from history into the result panel, with its kept audio; it replaces the failure shown there. */
    replay: async (take: Take): Promise<void> => {
      update({ replaced: store.get().error, ready: null });
      show({ take, audio: take.audio.kept ? await readAudio(take.id).catch(() => null) : null });
    },
    /** A take's request back into the form. */
    reuse: (take: Take) => update({ preset: { values: requestToValues(take.request), key: Date.now() } }),
    compare: (take: Take, on: boolean) => {
      const ids = store.get().compareIds.filter((id) => id !== take.id);
      update({ compareIds: on ? [...ids, take.id].slice(-2) : ids });
    },
    stopComparing: () => update({ compareIds: [] }),
  };
  return session;
}

export type SpeechSession = ReturnType<typeof createSpeechSession>;

/** The session of the Speech page being shown (provided by speech-page.tsx). */
export const SpeechSessionContext = createContext<SpeechSession | null>(null);
