// A deterministic stand-in for espeak-ng (SPEECH_ENGINE=stand-in, a test aid; docs/operations.md).
// Called exactly as runEspeak is, it writes speech-like sound instead of speech: a buzz (a pitch
// and its harmonics) per word, with a syllable rhythm, quiet between words, pauses at punctuation
// and silence for SSML breaks, as long as espeak says the same text within about a fifth. What
// comes after the engine (break joiner, gain, encoders, audio store) runs on it unchanged.
// Plain JS: runs in the synthesis worker.
import { encodeWav } from './audio-encode.mjs';
import { msToSamples, SAMPLE_RATE } from './pcm-ops.mjs';

/** The rate espeak's lengths below were measured at (voice-settings.ts's 1×). */
const BASE_WPM = 175;
// Milliseconds at BASE_WPM, fitted to espeak-ng 1.0.2's en-us and cmn (stand-in-engine.test.ts).
const LETTER_MS = 60;
/** espeak reads a digit as a word or more. */
const DIGIT_MS = 150;
/** A Chinese or Japanese character is a syllable. */
const SYLLABLE_MS = 260;
/** A symbol (€, &, +) is read as a word. */
const SYMBOL_MS = 250;
const WORD_GAP_MS = 40;
const CLAUSE_PAUSE_MS = 200;
const SENTENCE_PAUSE_MS = 350;
/** Onset and release of each word, so words start and end without clicks. */
const FADE_MS = 8;
/** The syllable rhythm inside a word. */
const SYLLABLE_RHYTHM_MS = 180;
/** Peak of the buzz: about -20 dBFS RMS while it sounds, as espeak's speech. */
const PEAK = 9000;

const SYLLABIC = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const SENTENCE_END = /[.!?。！？…]/u;
const CLAUSE_END = /[,;:，、；：—–]/u;
/** Intonation depth for each SSML prosody range (synth-job.mjs sends the emotion's). */
const RANGE_DEPTH = /** @type {Record<string, number>} */ ({ 'x-low': 0.04, low: 0.08, medium: 0.13, high: 0.2, 'x-high': 0.28 });

/**
 * What is said, in order: a word (its length) or a pause; SSML breaks add up, the others
 * merge (the longest of a run of punctuation and spaces counts), as espeak's do.
 * @typedef {{ word: number } | { pause: number; isBreak: boolean }} Event
 */

/**
 * @param {string} text
 * @param {Event[]} events
 */
function sayText(text, events) {
  let word = 0;
  const endWord = () => {
    if (word > 0) events.push({ word });
    word = 0;
  };
  /** @param {number} ms */
  const pause = (ms) => {
    endWord();
    events.push({ pause: ms, isBreak: false });
  };
  for (const ch of text) {
    if (/\s/u.test(ch)) pause(WORD_GAP_MS);
    else if (SENTENCE_END.test(ch)) pause(SENTENCE_PAUSE_MS);
    else if (CLAUSE_END.test(ch)) pause(CLAUSE_PAUSE_MS);
    else if (SYLLABIC.test(ch)) {
      endWord();
      events.push({ word: SYLLABLE_MS - WORD_GAP_MS }, { pause: WORD_GAP_MS, isBreak: false });
    } else if (/\p{N}/u.test(ch)) word += DIGIT_MS;
    else if (/\p{L}|\p{M}/u.test(ch)) word += LETTER_MS;
    else if (/\p{S}/u.test(ch)) word += SYMBOL_MS;
    // Other punctuation (quotes, brackets, hyphens) is not said.
  }
  endWord();
}

/**
 * The events of an input: SSML as synth-job.mjs's buildSsml writes it (`<break time="…ms"/>`
 * between sentences, other tags ignored, XML's escapes read back), or plain text.
 * @param {string} input
 * @param {boolean} ssml
 * @returns {{ events: Event[]; range: string }}
 */
function parse(input, ssml) {
  /** @type {Event[]} */
  const events = [];
  if (!ssml) {
    sayText(input, events);
    return { events, range: 'medium' };
  }
  const range = /<prosody\b[^>]*\brange="([^"]*)"/.exec(input)?.[1] ?? 'medium';
  for (const piece of input.split(/(<[^>]*>)/)) {
    if (piece.startsWith('<')) {
      const ms = /^<break\b[^>]*\btime="(\d+)ms"/.exec(piece)?.[1];
      if (ms !== undefined) events.push({ pause: Number(ms), isBreak: true });
    } else sayText(piece.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'), events);
  }
  return { events, range };
}

/**
 * Words and pause lengths in samples at this rate: pauses before the first word are dropped (espeak
 * starts speaking at once); a run of pauses is the sum of its breaks or its longest other pause,
 * whichever is longer.
 * @param {Event[]} events
 * @param {number} wpm
 * @returns {{ word: boolean; samples: number }[]}
 */
function layout(events, wpm) {
  const scale = BASE_WPM / wpm;
  /** @type {{ word: boolean; samples: number }[]} */
  const out = [];
  let breaks = 0;
  let longest = 0;
  const endPause = () => {
    const ms = Math.max(breaks, longest);
    if (ms > 0 && out.length > 0) out.push({ word: false, samples: msToSamples(ms) });
    breaks = 0;
    longest = 0;
  };
  for (const e of events) {
    if ('word' in e) {
      endPause();
      out.push({ word: true, samples: msToSamples(e.word * scale) });
    } else if (e.isBreak) breaks += e.pause;
    else longest = Math.max(longest, e.pause * scale);
  }
  endPause();
  return out;
}

const TABLE_SIZE = 2048;
/** One period of the buzz: the first eight harmonics falling off like a voice's, peak 1. */
const WAVE = (() => {
  const table = new Float64Array(TABLE_SIZE + 1);
  for (let i = 0; i <= TABLE_SIZE; i++) {
    let x = 0;
    for (let h = 1; h <= 8; h++) x += Math.sin((2 * Math.PI * h * i) / TABLE_SIZE) / h ** 1.3;
    table[i] = x;
  }
  const peak = table.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
  return table.map((x) => x / peak);
})();

/** One syllable's loudness, 0.7 → 1 → 0.7 (a table: a sine per sample cost most of the time). */
const SYLLABLE = (() => {
  const length = msToSamples(SYLLABLE_RHYTHM_MS);
  return Float64Array.from({ length }, (_, i) => 0.7 + 0.3 * Math.sin((Math.PI * i) / length));
})();

/**
 * A word's buzz into `out` from `at`: its pitch from the voice and a deterministic intonation
 * (the word's place in the text), falling a little over the word; loudness in syllables.
 * @param {Int16Array} out
 * @param {number} at
 * @param {number} length
 * @param {number} pitchHz
 */
function buzz(out, at, length, pitchHz) {
  const fade = Math.min(msToSamples(FADE_MS), length >> 1);
  let step = (pitchHz * TABLE_SIZE) / SAMPLE_RATE;
  const fall = (step * 0.08) / length;
  let phase = 0;
  let s = 0;
  for (let i = 0; i < length; i++) {
    phase += step;
    step -= fall;
    if (phase >= TABLE_SIZE) phase -= TABLE_SIZE;
    const k = phase | 0;
    const wave = WAVE[k] + (WAVE[k + 1] - WAVE[k]) * (phase - k);
    const edge = i < fade ? i / fade : i >= length - fade ? (length - 1 - i) / fade : 1;
    out[at + i] = Math.round(PEAK * wave * edge * SYLLABLE[s]);
    if (++s === SYLLABLE.length) s = 0;
  }
}

/**
 * Writes like runEspeak (same options, same WAV layout, `onOutput` called at increasing positions
 * from the header on; with `keepOutput` false only the header is returned) but synthesizes the
 * stand-in sound: deterministic, and about a hundred times faster than espeak.
 * @param {import('./espeak-runner.mjs').EngineCall} call
 * @returns {Promise<Uint8Array>}
 */
export async function runStandIn({ input, voice, wpm, pitch, ssml = false, onOutput, keepOutput = true }) {
  const { events, range } = parse(input, ssml);
  const parts = layout(events, wpm);
  const samples = new Int16Array(parts.reduce((n, p) => n + p.samples, 0));
  // espeak's pitch 0..99 over a male voice's range; a female variant ("+f2") an octave-ish higher.
  const basePitch = (85 + pitch * 1.6) * (/\+f\d/.test(voice) ? 1.7 : 1);
  const depth = RANGE_DEPTH[range] ?? RANGE_DEPTH.medium;
  let at = 0;
  let words = 0;
  for (const part of parts) {
    if (part.word) buzz(samples, at, part.samples, basePitch * (1 + depth * Math.sin(words++ * 1.7)));
    at += part.samples;
  }
  const wav = encodeWav(samples);
  if (samples.length === 0) throw new Error(`the engine wrote an empty file for voice ${voice}`);
  if (onOutput) {
    // In writes of 16 KB, as a file is written while the engine speaks (the reader batches them).
    onOutput(wav.subarray(0, 44), 0);
    for (let from = 44; from < wav.length; from += 16_384) onOutput(wav.subarray(from, Math.min(wav.length, from + 16_384)), from);
  }
  return keepOutput || !onOutput ? wav : wav.slice(0, 44);
}
