import { act, render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SpeechRequest } from '@/contract';
import type { Connection } from '@/lib/connection';
import { GatewayRequestError } from '@/lib/gateway-error';
import type { LoadedTake, Take } from '../take/take';
import { createSpeechSession, SpeechSessionContext } from './speech-session';

// The session's work is made of these; here they answer at once, or when a test says so.
const makeTake = vi.fn<(input: { request: SpeechRequest }, signal: AbortSignal) => Promise<LoadedTake>>();
vi.mock('../take/make-take', () => ({ makeTake: (input: { request: SpeechRequest }, signal: AbortSignal) => makeTake(input, signal) }));
vi.mock('../loudness/normalize-loaded-take', () => ({ normalizeLoadedTake: async (loaded: LoadedTake) => loaded }));
vi.mock('../history/history-store', () => ({ addTake: async () => undefined }));
vi.mock('../take/take-db', () => ({ readAudio: async () => new Blob(['kept']) }));
vi.mock('../long-text/job-db', () => ({
  latestJob: async () => null,
  doneParts: async () => new Set(),
  deleteJob: async () => undefined,
  saveJob: async () => undefined,
}));
// The form, counted: it must render again only for what it shows.
const formRenders = vi.fn();
vi.mock('../form/speech-form', () => ({
  SUBMIT_ID: 'speech-submit',
  SpeechForm: (props: unknown) => {
    formRenders(props);
    return null;
  },
}));

const connection: Connection = { gatewayUrl: 'http://gateway.test', token: 't', userId: '1', channel: 'c', appSource: 'a' };
const request = (sourceText: string) => ({ sourceText }) as SpeechRequest;
const take = (id: string, sourceText = id): Take => ({ id, request: request(sourceText), audio: { kept: true } }) as unknown as Take;
const loaded = (id: string): LoadedTake => ({ take: take(id), audio: null });
const failure = new GatewayRequestError({ operation: 'textToSpeech', kind: 'network', message: 'Failed to fetch' });

function openSession() {
  const session = createSpeechSession(new QueryClient(), () => connection);
  const close = session.open();
  return { session, close };
}

afterEach(() => {
  makeTake.mockReset();
  formRenders.mockReset();
});

describe('the speech session', () => {
  it('a synthesis puts its take in the session, where the result panel and history read it', async () => {
    const { session } = openSession();
    makeTake.mockResolvedValueOnce(loaded('a'));
    const sent = session.synthesize(request('hello'));
    expect(session.store.get().pending).toBe(true);
    await sent;
    expect(session.store.get()).toMatchObject({ pending: false, error: null, mode: 'short', current: loaded('a') });
  });

  it('says which take the last Synthesize made (the form\'s "take ready" line) until the next starts or one is replayed', async () => {
    const { session } = openSession();
    makeTake.mockResolvedValueOnce(loaded('a'));
    await session.synthesize(request('hello'));
    expect(session.store.get().ready).toBe('a');
    let resolve: (value: LoadedTake) => void = () => undefined;
    makeTake.mockReturnValueOnce(new Promise((r) => (resolve = r)));
    const next = session.synthesize(request('again'));
    expect(session.store.get().ready).toBeNull();
    resolve(loaded('b'));
    await next;
    expect(session.store.get().ready).toBe('b');
    await session.replay(take('old'));
    expect(session.store.get()).toMatchObject({ ready: null, current: { take: take('old') } });
  });

  it('a new synthesis aborts the one under way, and Cancel aborts the current one', async () => {
    const { session } = openSession();
    const signals: AbortSignal[] = [];
    makeTake.mockImplementation((_input, signal) => {
      signals.push(signal);
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(failure)));
    });
    const first = session.synthesize(request('one')).catch(() => undefined);
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    const second = session.synthesize(request('two')).catch(() => undefined);
    await vi.waitFor(() => expect(signals).toHaveLength(2));
    expect(signals.map((s) => s.aborted)).toEqual([true, false]);
    session.cancel();
    expect(signals[1]!.aborted).toBe(true);
    await Promise.all([first, second]);
  });

  it('a failure shows until a take is replayed from history; Try again sends the last request again', async () => {
    const { session } = openSession();
    makeTake.mockRejectedValueOnce(failure);
    await expect(session.synthesize(request('hello'))).rejects.toBe(failure);
    expect(session.store.get().error).toBe(failure);

    await session.replay(take('old'));
    const { current, error, replaced } = session.store.get();
    expect(current?.take.id).toBe('old');
    expect(current?.audio).not.toBeNull();
    expect(error === replaced).toBe(true); // the result panel shows no failure

    makeTake.mockResolvedValueOnce(loaded('again'));
    session.retry();
    await vi.waitFor(() => expect(session.store.get().current?.take.id).toBe('again'));
    expect(makeTake.mock.calls.at(-1)![0].request.sourceText).toBe('hello');
  });

  it('reuse puts a take’s request into the form (a new preset each time); compare keeps the last two picked', () => {
    const { session } = openSession();
    session.reuse(take('a', 'first words'));
    const preset = session.store.get().preset;
    expect(preset?.values.sourceText).toBe('first words');
    session.reuse(take('a', 'first words'));
    expect(session.store.get().preset).not.toBe(preset);

    for (const id of ['a', 'b', 'c']) session.compare(take(id), true);
    expect(session.store.get().compareIds).toEqual(['b', 'c']);
    session.compare(take('b'), false);
    expect(session.store.get().compareIds).toEqual(['c']);
    session.stopComparing();
    expect(session.store.get().compareIds).toEqual([]);
  });
});

describe('the form panel over the session', () => {
  it('renders the form again for what it shows (sending), not for a replay, a reuse elsewhere or a comparison', async () => {
    const { SpeechFormPanel } = await import('./speech-form-panel');
    const { session } = openSession();
    render(
      <SpeechSessionContext value={session}>
        <SpeechFormPanel />
      </SpeechSessionContext>,
    );
    const before = formRenders.mock.calls.length;
    await act(async () => {
      await session.replay(take('old'));
      session.compare(take('a'), true);
      session.compare(take('b'), true);
    });
    expect(formRenders.mock.calls.length).toBe(before);

    makeTake.mockResolvedValueOnce(loaded('new'));
    await act(() => session.synthesize(request('hello')));
    expect(formRenders.mock.calls.length).toBeGreaterThan(before);
  });
});
