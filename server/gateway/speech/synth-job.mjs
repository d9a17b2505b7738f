// One synthesis job, start to finish, as the worker runs it. Plain JS: no TS loader in workers.
import { ENGINES } from './engines.mjs';
import { applyGain, joinWithGaps, msToSamples, samplesToMs, splitAtBreaks, wavSamples } from './pcm-ops.mjs';
import { encodePcm, encodeWav, mp3File } from './audio-encode.mjs';
import { createBreakJoiner, createWavStreamReader } from './break-joiner.mjs';
import { createMp3Pipeline, encodeMp3InParts } from './mp3-pipeline.mjs';
import { clock, mark, takeTimeline, TIMELINE_ON } from './job-timeline.mjs';

/** Longer than any pause espeak makes itself (≈0.9 s at its slowest rate), so it marks sentence ends. */
export const MARKER_BREAK_MS = 2500;

/**
 * @typedef {import('./pcm-ops.mjs').Span} Span
 * @typedef {import('./job-timeline.mjs').TimelineEvent} TimelineEvent
 * @typedef {import('./embedded-formats.ts').EmbeddedAudioFormat} EmbeddedAudioFormat
 * @typedef {import('./engines.mjs').Engine['speak']} Speak
 * @typedef {{
 *   sentences: string[];
 *   voice: string;
 *   wpm: number;
 *   pitch: number;
 *   range: string;
 *   volumeDb: number;
 *   format: EmbeddedAudioFormat;
 *   gapMs: number;
 * }} SynthJobInput
 * @typedef {{ bytes: Uint8Array; spans: Span[]; durationMs: number; engineCalls: number; timeline?: TimelineEvent[] }} SynthJobResult
 * (`timeline` only with SPEECH_TIMELINE=1, see job-timeline.mjs)
 * @typedef {{ parts: Int16Array[]; engineCalls: number }} SentenceParts
 * @typedef {{ samples: Int16Array; spans: Span[]; durationMs: number; engineCalls: number }} JoinedAudio
 */

/** @param {string} text */
const escapeXml = (text) =>
  text
    // eslint-disable-next-line no-control-regex -- characters XML forbids
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

/**
 * @param {string[]} sentences
 * @param {string} range
 */
export function buildSsml(sentences, range) {
  const body = sentences.map(escapeXml).join(`<break time="${MARKER_BREAK_MS}ms"/>`);
  return `<speak><prosody range="${range}">${body}</prosody></speak>`;
}

/**
 * Slow path (≈40 ms per sentence): one engine call per sentence, when the breaks were not all found.
 * @param {SynthJobInput} job
 * @param {Speak} speak
 * @returns {Promise<SentenceParts>}
 */
async function eachSentence(job, speak) {
  /** @type {Int16Array[]} */
  const each = [];
  for (const sentence of job.sentences) {
    each.push(
      wavSamples(await speak({ voice: job.voice, wpm: job.wpm, pitch: job.pitch, ssml: true, input: buildSsml([sentence], job.range) })),
    );
  }
  return { parts: each, engineCalls: job.sentences.length };
}

/**
 * `callsBefore`: engine calls this job already made.
 * @param {SynthJobInput} job
 * @param {Speak} speak
 * @returns {Promise<SentenceParts>}
 */
async function sentenceParts(job, speak, callsBefore = 0) {
  const voice = { voice: job.voice, wpm: job.wpm, pitch: job.pitch, ssml: true };
  // Fast path: one engine call for the whole text, cut at the marker breaks.
  const all = wavSamples(await speak({ ...voice, input: buildSsml(job.sentences, job.range) }));
  const parts = splitAtBreaks(all, job.sentences.length, msToSamples(MARKER_BREAK_MS));
  if (parts) return { parts, engineCalls: callsBefore + 1 };
  return eachSentence(job, speak);
}

/**
 * The engine's output read as it is written and joined at the marker breaks on the fly (gaps and
 * gain applied), so the engine's in-memory file never holds the audio. With a `pipeline` (MP3),
 * parts of about 2 s go to a second thread to encode meanwhile. When the breaks were not all found
 * (or the engine wrote a layout that is not streamed) it answers the sentences' audio parts instead.
 * @param {SynthJobInput} job
 * @param {import('./mp3-pipeline.mjs').Mp3Pipeline | null} pipeline
 * @param {Speak} speak
 * @returns {Promise<JoinedAudio & { streamed: boolean }>}
 */
async function streamedJoin(job, pipeline, speak) {
  const joiner = createBreakJoiner({
    sentenceCount: job.sentences.length,
    breakSamples: msToSamples(MARKER_BREAK_MS),
    gapSamples: msToSamples(job.gapMs),
    volumeDb: job.volumeDb,
  });
  const reader = createWavStreamReader((samples) => {
    const t = clock();
    joiner.push(samples);
    pipeline?.scan(joiner.output());
    mark('synth', pipeline ? 'join+scan' : 'join', t);
  });
  const engineStart = clock();
  try {
    await speak({
      voice: job.voice,
      wpm: job.wpm,
      pitch: job.pitch,
      ssml: true,
      input: buildSsml(job.sentences, job.range),
      onOutput: reader.write,
      keepOutput: false,
    });
  } catch (err) {
    pipeline?.cancel();
    throw err;
  }
  mark('synth', 'engine', engineStart);
  reader.end();
  const { ok, spans } = joiner.end();
  if (reader.streamable && ok) {
    const samples = joiner.output();
    return { streamed: true, samples, spans, durationMs: samplesToMs(samples.length), engineCalls: 1 };
  }
  pipeline?.cancel();
  // A layout not streamed (espeak 1.0.2 always writes the canonical one): the batch way, else one
  // call per sentence.
  return { streamed: false, ...joined(reader.streamable ? await eachSentence(job, speak) : await sentenceParts(job, speak, 1), job) };
}

/**
 * @param {SynthJobInput} job
 * @param {Speak} speak
 * @returns {Promise<SynthJobResult>}
 */
async function streamedMp3(job, speak) {
  const pipeline = createMp3Pipeline();
  const { streamed, samples, ...rest } = await streamedJoin(job, pipeline, speak);
  // Not streamed: the pipeline was cancelled, the whole audio is encoded in parts on both threads.
  if (!streamed) return { bytes: mp3File(await encodeMp3InParts(samples)), ...rest };
  const frames = await pipeline.finish(samples);
  const t = clock();
  const bytes = mp3File(frames);
  mark('synth', 'xing', t);
  return { bytes, ...rest };
}

/**
 * @param {SentenceParts} sentences
 * @param {SynthJobInput} job
 * @returns {JoinedAudio}
 */
function joined({ parts, engineCalls }, job) {
  const { samples, spans } = joinWithGaps(parts, msToSamples(job.gapMs));
  applyGain(samples, job.volumeDb);
  return { samples, spans, durationMs: samplesToMs(samples.length), engineCalls };
}

/**
 * One job, start to finish, spoken by `engine` (the stand-in only where SPEECH_ENGINE says so).
 * @param {SynthJobInput} job
 * @param {import('./speech-engine.ts').SpeechEngine} [engine]
 * @returns {Promise<SynthJobResult>}
 */
export async function runSynthJob(job, engine = 'espeak-ng') {
  const result = await SYNTH_BY_FORMAT[job.format](job, ENGINES[engine].speak);
  return TIMELINE_ON ? { ...result, timeline: takeTimeline() } : result;
}

/**
 * How each format the gateway offers is made: MP3 is encoded while espeak still speaks, the others
 * from the joined samples. A format added to EMBEDDED_AUDIO_FORMATS fails the typecheck here.
 * @type {Record<EmbeddedAudioFormat, (job: SynthJobInput, speak: Speak) => Promise<SynthJobResult>>}
 */
const SYNTH_BY_FORMAT = {
  pcm: (job, speak) => encodedJoin(job, speak, encodePcm),
  wav: (job, speak) => encodedJoin(job, speak, encodeWav),
  mp3: streamedMp3,
};

/**
 * @param {SynthJobInput} job
 * @param {Speak} speak
 * @param {(samples: Int16Array) => Uint8Array} encode
 * @returns {Promise<SynthJobResult>}
 */
async function encodedJoin(job, speak, encode) {
  const { samples, spans, durationMs, engineCalls } = await streamedJoin(job, null, speak);
  const t = clock();
  const bytes = encode(samples);
  mark('synth', `encode ${job.format}`, t);
  return { bytes, spans, durationMs, engineCalls };
}
