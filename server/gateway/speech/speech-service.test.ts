import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EMBEDDED_LANGUAGES, EMBEDDED_PCM } from '#contract';
import { decodeMp3WithFfmpeg, mp3Frames, parseWav, pcmSamples, rmsOf } from './audio-probe';
import { OutputTooLongError } from './speech-errors';
import { createSpeechService, leastDurationSeconds, type SynthesisInput } from './speech-service';
import { openGatewayDatabase } from '../storage/gateway-database';
import { engineProsody, findVoice } from './voice-settings';

const dataDir = await mkdtemp(join(tmpdir(), 'speech-service-'));
const service = createSpeechService({ dataDir, poolSize: 2 });
afterAll(() => service.close?.());

const TEXT = 'The quick brown fox jumps over the lazy dog. It was a sunny day! Was it?';
const base: SynthesisInput = { userId: '42', text: TEXT, format: 'wav', voiceName: 'en-us', speedFactor: 1, volume: 0, emotion: 0 };

async function audio(input: Partial<SynthesisInput> = {}) {
  const out = await service.synthesize({ ...base, ...input });
  const found = await service.readAudio(out.fileId);
  if (!found || !('path' in found)) throw new Error('audio not stored on disk');
  return { out, stored: { ...found, bytes: new Uint8Array(await readFile(found.path)) } };
}

describe('speech service: real audio', () => {
  it('wav: 22,050 Hz mono 16-bit PCM, over 0.3 s, loud, with a segment per sentence', async () => {
    const { out, stored } = await audio();
    const wav = parseWav(stored.bytes);
    expect(wav).toMatchObject({ format: 1, channels: 1, sampleRate: 22050, bitsPerSample: 16 });
    const seconds = wav.samples.length / wav.sampleRate;
    expect(seconds).toBeGreaterThan(0.3);
    expect(Math.abs(seconds * 1000 - out.durationMs)).toBeLessThan(2);
    expect(rmsOf(wav.samples)).toBeGreaterThan(500);
    expect(stored.contentType).toBe('audio/wav');
    expect(out.speeches.map((s) => s.text)).toEqual(['The quick brown fox jumps over the lazy dog.', 'It was a sunny day!', 'Was it?']);
    out.speeches.forEach((s, i) => {
      expect(s.index).toBe(i);
      expect(s.endMs).toBeGreaterThan(s.startMs);
      expect(s.startMs).toBeGreaterThanOrEqual(out.speeches[i - 1]?.endMs ?? 0);
      // Each segment's own audio is sound, not silence.
      expect(rmsOf(wav.samples.subarray(Math.round(s.startMs * 22.05), Math.round(s.endMs * 22.05)))).toBeGreaterThan(500);
    });
    expect(out.speeches.at(-1)!.endMs).toBeLessThanOrEqual(out.durationMs);
  });

  it('pcm: raw s16le mono at 22,050 Hz, duration = bytes / 2 / 22050', async () => {
    const { out, stored } = await audio({ format: 'pcm' });
    expect(stored.bytes.length % 2).toBe(0);
    const seconds = stored.bytes.length / 2 / EMBEDDED_PCM.sampleRate;
    expect(seconds).toBeGreaterThan(0.3);
    expect(Math.abs(seconds * 1000 - out.durationMs)).toBeLessThan(2);
    expect(rmsOf(pcmSamples(stored.bytes))).toBeGreaterThan(500);
    expect(stored.fileName).toMatch(/^[0-9a-f]{32}\.pcm$/);
  });

  it('mp3: VBR MPEG-2 Layer III frames at 22,050 Hz under a Xing frame that counts them, a plausible duration and real sound', async () => {
    const { out, stored } = await audio({ format: 'mp3' });
    const mp3 = mp3Frames(stored.bytes);
    expect(mp3.sampleRate).toBe(22050);
    const view = new DataView(stored.bytes.buffer, stored.bytes.byteOffset);
    expect(String.fromCharCode(...stored.bytes.subarray(13, 17))).toBe('Xing');
    expect(view.getUint32(21)).toBe(mp3.frames - 1);
    expect(view.getUint32(25)).toBe(stored.bytes.length);
    const audioS = ((mp3.frames - 1) * 576) / 22050;
    expect(Math.abs(audioS * 1000 - out.durationMs)).toBeLessThan(150);
    expect(stored.contentType).toBe('audio/mpeg');
    const decoded = decodeMp3WithFfmpeg(stored.bytes);
    if (decoded) expect(rmsOf(decoded)).toBeGreaterThan(500);
  });

  it('volume -20 dB is about a tenth of the amplitude of 0 dB', async () => {
    const loud = parseWav((await audio({ volume: 0 })).stored.bytes);
    const quiet = parseWav((await audio({ volume: -20 })).stored.bytes);
    const ratio = rmsOf(quiet.samples) / rmsOf(loud.samples);
    expect(ratio).toBeGreaterThan(0.08);
    expect(ratio).toBeLessThan(0.12);
  });

  it('speed 2 is much shorter than speed 0.5', async () => {
    const fast = (await audio({ speedFactor: 2 })).out.durationMs;
    const slow = (await audio({ speedFactor: 0.5 })).out.durationMs;
    expect(fast / slow).toBeLessThan(0.5);
  });

  it('emotion and timbre change the sound', async () => {
    const [neutral, sad, female] = await Promise.all([audio(), audio({ emotion: 2 }), audio({ voiceName: 'en-us+f3' })]);
    expect(sad.out.durationMs).toBeGreaterThan(neutral.out.durationMs * 1.1);
    expect(Buffer.compare(female.stored.bytes, neutral.stored.bytes)).not.toBe(0);
  });

  it.each(EMBEDDED_LANGUAGES.map((l) => l.code))('language %s produces sound', async (code) => {
    const text = {
      en: 'Good morning.',
      zh: '你好，世界。',
      es: 'Buenos días.',
      fr: 'Bonjour à tous.',
      de: 'Guten Morgen.',
      it: 'Buongiorno a tutti.',
      pt: 'Bom dia a todos.',
      ja: 'こんにちは。',
    }[code];
    const { out, stored } = await audio({ text, voiceName: undefined, timbreNumber: 0, targetLanguage: code });
    expect(out.targetLanguage).toBe(code);
    expect(rmsOf(parseWav(stored.bytes).samples)).toBeGreaterThan(300);
  });

  it('detects the source language and picks its voice when only a timbre is given', async () => {
    const { out } = await audio({ text: '今天天气很好，我们去公园散步吧。', voiceName: undefined, timbreNumber: 7 });
    expect(out).toMatchObject({ sourceLanguage: 'zh', targetLanguage: 'zh', voiceName: findVoice('cmn+f3')!.name });
  });

  it('indexes the file in the database and serves it to a fresh service on the same data dir', async () => {
    const { out } = await audio({ userId: '9223372036854775807', channel: 7, appSource: 'web', format: 'mp3' });
    const { db, close } = await openGatewayDatabase(dataDir);
    const row = db.prepare('SELECT user_id, channel, app_source, format FROM audio WHERE file_id = ?').get(out.fileId);
    close();
    expect(row).toMatchObject({ user_id: '9223372036854775807', channel: 7, app_source: 'web', format: 'mp3' });
    const again = createSpeechService({ dataDir });
    expect((await again.readAudio(out.fileId))?.contentType).toBe('audio/mpeg');
    expect(await again.readAudio('0'.repeat(32))).toBeNull();
    expect(await again.readAudio('../points')).toBeNull();
    await again.close?.();
  });

  it('5,000 characters synthesize off the main thread: the event loop keeps turning meanwhile', async () => {
    const sentence = 'Speech synthesis should stay quick for long texts like this one. ';
    const text = sentence.repeat(Math.ceil(5000 / sentence.length)).slice(0, 5000);
    // Count event-loop turns while the take is made. Synthesis on this thread would hold the loop
    // for the whole take (a handful of turns at most); in a worker the loop spins freely.
    // How long it takes is bench:gateway's business, not a test's.
    let done = false;
    let turns = 0;
    const spin = (async () => {
      while (!done) {
        await new Promise((resolve) => setImmediate(resolve));
        turns++;
      }
    })();
    const { out } = await audio({ text, format: 'mp3' });
    done = true;
    await spin;
    expect(out.speeches.length).toBe(Math.ceil(5000 / sentence.length));
    expect(turns).toBeGreaterThan(200);
  });
});

describe('speech service: longest output', () => {
  it('refuses a text surely longer than SPEECH_MAX_OUTPUT_SECONDS before any work, and checks the real length after', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'speech-max-'));
    const short = createSpeechService({ dataDir: dir, maxOutputSeconds: 3 });
    const long = 'This sentence takes a little while to say out loud. '.repeat(40);
    await expect(short.synthesize({ ...base, text: long, speedFactor: 0.5 })).rejects.toBeInstanceOf(OutputTooLongError);
    // Under the estimate but over the limit once made (about 4 s): refused after synthesis, nothing stored.
    const text = 'One two three four five six seven eight nine ten eleven twelve.';
    expect(leastDurationSeconds(text, 1, engineProsody(1, 0))).toBeLessThan(3);
    await expect(short.synthesize({ ...base, text })).rejects.toThrow(/more than the 3 s/);
    expect(await readdir(join(dir, 'audio'))).toEqual([]);
    await short.close?.();
  });

  it('estimates no more than the audio really lasts', () => {
    const prosody = engineProsody(0.5, 0);
    const text = 'The embedded gateway turns this sentence into speech. '.repeat(92);
    // Measured: this text at speedFactor 0.5 lasts about 516 s.
    expect(leastDurationSeconds(text, 92, prosody)).toBeLessThan(516);
    expect(leastDurationSeconds(text, 92, prosody)).toBeGreaterThan(250);
  });
});
