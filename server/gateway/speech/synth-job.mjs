// One synthesis job, start to finish, as the worker runs it. Plain JS: no TS loader in workers.
import { runEspeak } from './espeak-runner.mjs';
import { applyGain, joinWithGaps, msToSamples, samplesToMs, splitAtBreaks, wavSamples } from './pcm-ops.mjs';
import { encodeAudio, mp3File } from './audio-encode.mjs';
import { createBreakJoiner, createWavStreamReader } from './break-joiner.mjs';
import { createMp3Pipeline, encodeMp3InParts } from './mp3-pipeline.mjs';
import { clock, mark, takeTimeline, TIMELINE_ON } from './job-timeline.mjs';

/** Longer than any pause espeak makes itself (≈0.9 s at its slowest rate), so it marks sentence ends. */
export const MARKER_BREAK_MS = 2500;

const escapeXml = (text) =>
  text
    // eslint-disable-next-line no-control-regex -- characters XML forbids
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

export function buildSsml(sentences, range) {
  const body = sentences.map(escapeXml).join(`<break time="${MARKER_BREAK_MS}ms"/>`);
  return `<speak><prosody range="${range}">${body}</prosody></speak>`;
}

/** Slow path (≈40 ms per sentence): one engine call per sentence, when the breaks were not all found. */
async function eachSentence(job) {
  const each = [];
  for (const sentence of job.sentences) {
    each.push(
      wavSamples(
        await runEspeak({ voice: job.voice, wpm: job.wpm, pitch: job.pitch, ssml: true, input: buildSsml([sentence], job.range) }),
      ),
    );
  }
  return { parts: each, engineCalls: job.sentences.length };
}

/** `callsBefore`: engine calls this job already made. */
async function sentenceParts(job, callsBefore = 0) {
  const voice = { voice: job.voice, wpm: job.wpm, pitch: job.pitch, ssml: true };
  // Fast path: one engine call for the whole text, cut at the marker breaks.
  const all = wavSamples(await runEspeak({ ...voice, input: buildSsml(job.sentences, job.range) }));
  const parts = splitAtBreaks(all, job.sentences.length, msToSamples(MARKER_BREAK_MS));
  if (parts) return { parts, engineCalls: callsBefore + 1 };
  return eachSentence(job);
}

/**
 * MP3 while the engine speaks: its output is cut and joined as it is written, and parts of about
 * 8 s go to a second thread to encode at once. When the breaks were not all found (or the engine
 * wrote a layout that is not streamed) it answers the sentences' audio parts instead.
 */
async function streamedMp3(job) {
  const joiner = createBreakJoiner({
    sentenceCount: job.sentences.length,
    breakSamples: msToSamples(MARKER_BREAK_MS),
    gapSamples: msToSamples(job.gapMs),
    volumeDb: job.volumeDb,
  });
  const pipeline = createMp3Pipeline();
  const reader = createWavStreamReader((samples) => {
    const t = clock();
    joiner.push(samples);
    pipeline.scan(joiner.output());
    mark('synth', 'join+scan', t);
  });
  const engineStart = clock();
  try {
    // The audio is read as it is written: the engine's in-memory file need not keep it.
    await runEspeak({
      voice: job.voice,
      wpm: job.wpm,
      pitch: job.pitch,
      ssml: true,
      input: buildSsml(job.sentences, job.range),
      onOutput: reader.write,
      keepOutput: false,
    });
  } catch (err) {
    pipeline.cancel();
    throw err;
  }
  mark('synth', 'engine', engineStart);
  reader.end();
  const { ok, spans } = joiner.end();
  if (reader.streamable && ok) {
    const samples = joiner.output();
    const frames = await pipeline.finish(samples);
    const t = clock();
    const bytes = mp3File(frames);
    mark('synth', 'xing', t);
    return { bytes, spans, durationMs: samplesToMs(samples.length), engineCalls: 1 };
  }
  pipeline.cancel();
  // A layout not streamed (espeak 1.0.2 always writes the canonical one): the batch way, else one
  // call per sentence.
  if (!reader.streamable) return sentenceParts(job, 1);
  return eachSentence(job);
}

function joined({ parts, engineCalls }, job) {
  const { samples, spans } = joinWithGaps(parts, msToSamples(job.gapMs));
  applyGain(samples, job.volumeDb);
  return { samples, spans, durationMs: samplesToMs(samples.length), engineCalls };
}

/**
 * job: { sentences, voice, wpm, pitch, range, volumeDb, format, gapMs }
 * result: { bytes, spans: [{ startMs, endMs }], durationMs, engineCalls }
 */
export async function runSynthJob(job) {
  const result = await synthJob(job);
  return TIMELINE_ON ? { ...result, timeline: takeTimeline() } : result;
}

async function synthJob(job) {
  if (job.format === 'mp3') {
    const streamed = await streamedMp3(job);
    if (streamed.bytes) return streamed;
    const { samples, ...rest } = joined(streamed, job);
    return { bytes: mp3File(await encodeMp3InParts(samples)), ...rest };
  }
  const engineStart = clock();
  const parts = await sentenceParts(job);
  mark('synth', 'engine', engineStart);
  const t = clock();
  const { samples, ...rest } = joined(parts, job);
  mark('synth', 'split+join', t);
  const t2 = clock();
  const bytes = await encodeAudio(samples, job.format);
  mark('synth', `encode ${job.format}`, t2);
  return { bytes, ...rest };
}
