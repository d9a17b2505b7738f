import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { integratedLoudness } from '../src/features/speech/loudness/loudness';
import { fillAndSynthesize, openStudio, seedConnection, uniqueUserId } from './speech-helpers';
import { expectJoinedTake, fillLong, prose, THREE_PARTS, TWO_PARTS } from './speech-long-helpers';
import { STAND_IN_ENGINE } from './speech-engine';
import { expectAxeClean } from './axe';

// Issue 30, items 3, 5 and 6 for one take: subtitles, redo one part of a long take, loudness.

type Segment = { startMs: number; endMs: number; text: string };
type StoredTake = { id: string; parts?: { startMs: number; redone?: number }[]; result: { speeches?: Segment[] } };

/**
 * The newest take history holds, and SHA-256 digests of its audio: the whole, and bytes [from, to);
 * its audio as base64 only when asked (`withAudio`): for a long take that copy costs more than the rest.
 */
function newestTake(page: Page, range?: [number, number], { withAudio = false } = {}) {
  return page.evaluate(
    async ({ range, withAudio }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('console.speech.history');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => resolve(open.result);
      });
      const get = <T>(store: string, key?: IDBValidKey) =>
        new Promise<T>((resolve, reject) => {
          const r =
            key === undefined ? db.transaction(store).objectStore(store).getAll() : db.transaction(store).objectStore(store).get(key);
          r.onsuccess = () => resolve(r.result as T);
          r.onerror = () => reject(r.error);
        });
      const takes = await get<(StoredTake & { createdAt: number })[]>('takes');
      const take = takes.sort((a, b) => b.createdAt - a.createdAt)[0]!;
      const audio = await get<Blob>('audio', take.id);
      const bytes = new Uint8Array(await audio.arrayBuffer());
      const hex = async (b: Uint8Array<ArrayBuffer>) =>
        Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', b)), (x) => x.toString(16).padStart(2, '0')).join('');
      return {
        take,
        size: bytes.byteLength,
        all: await hex(bytes),
        range: range ? await hex(bytes.subarray(range[0], range[1])) : '',
        base64: !withAudio
          ? ''
          : await new Promise<string>((resolve) => {
              const reader = new FileReader();
              reader.onload = () => resolve(String(reader.result).split(',')[1] ?? '');
              reader.readAsDataURL(audio);
            }),
      };
    },
    { range, withAudio },
  );
}

/** Integrated loudness of a 16-bit WAV (mono or more), measured here with the console's own model. */
function wavLoudness(bytes: Buffer): number {
  let at = 12;
  let format = { channels: 1, sampleRate: 22050 };
  while (at + 8 <= bytes.length) {
    const id = bytes.toString('ascii', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    if (id === 'fmt ') format = { channels: bytes.readUInt16LE(at + 10), sampleRate: bytes.readUInt32LE(at + 12) };
    if (id === 'data') {
      const frames = Math.floor(size / 2 / format.channels);
      const channels = Array.from({ length: format.channels }, () => new Float32Array(frames));
      for (let f = 0; f < frames; f++)
        for (let c = 0; c < format.channels; c++) channels[c]![f] = bytes.readInt16LE(at + 8 + (f * format.channels + c) * 2) / 32768;
      return integratedLoudness({ sampleRate: format.sampleRate, channels });
    }
    at += 8 + size + (size % 2);
  }
  throw new Error('no data chunk');
}

// Subtitles, redo and the console's own loudness normalization are the subject (its meters are
// checked against the target, not against a voice): the stand-in engine speaks (docs/performance.md).
test.use(STAND_IN_ENGINE);

const FFMPEG = '/usr/bin/ffmpeg';
const SHORT = 'The quick brown fox jumps over the lazy dog. It was a sunny day in the park. Birds were singing everywhere.';
const result = (page: Page) => page.getByRole('region', { name: 'Result' });
const srtTime = (ms: number) => {
  const t = Math.round(ms);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(Math.floor(t / 3_600_000))}:${p(Math.floor((t % 3_600_000) / 60_000))}:${p(Math.floor((t % 60_000) / 1000))},${p(t % 1000, 3)}`;
};

test('a single take downloads SRT and WebVTT whose cues are its segments, named like its audio', async ({ page }) => {
  await openStudio(page);
  await fillAndSynthesize(page, { text: SHORT });
  const segments = result(page).getByRole('region', { name: /Segments/ });
  await expect(segments.getByRole('listitem')).not.toHaveCount(0, { timeout: 30_000 });
  const { take } = await newestTake(page);
  const speeches = take.result.speeches ?? [];
  expect(speeches.length).toBeGreaterThan(1);

  const audioName = await result(page).getByRole('link', { name: 'Download .wav' }).getAttribute('download');
  const [srt] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download subtitles as SRT' }).click()]);
  expect(srt.suggestedFilename()).toBe(audioName!.replace(/\.wav$/, '.srt'));
  const srtText = await readFile((await srt.path())!, 'utf8');
  const srtCues = srtText.trim().split(/\r\n\r\n/);
  expect(srtCues).toHaveLength(speeches.length);
  srtCues.forEach((cue, i) => {
    const [n, times, ...lines] = cue.split('\r\n');
    expect(n).toBe(String(i + 1));
    expect(times).toBe(`${srtTime(speeches[i]!.startMs)} --> ${srtTime(speeches[i]!.endMs)}`);
    expect(lines.join(' ')).toBe(speeches[i]!.text.trim());
  });

  const [vtt] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download subtitles as WebVTT' }).click(),
  ]);
  expect(vtt.suggestedFilename()).toBe(audioName!.replace(/\.wav$/, '.vtt'));
  const vttText = await readFile((await vtt.path())!, 'utf8');
  expect(vttText.startsWith('WEBVTT\n\n')).toBe(true);
  const vttTimes = [...vttText.matchAll(/^(\S+) --> (\S+)$/gm)].map((m) => [m[1], m[2]]);
  expect(vttTimes).toEqual(speeches.map((s) => [srtTime(s.startMs).replace(',', '.'), srtTime(s.endMs).replace(',', '.')]));
  await expect(result(page)).not.toContainText('Timings estimated');
  await expectAxeClean(page);
});

test('a take without segments gets estimated cues, and the panel says so', async ({ page }) => {
  await openStudio(page);
  await page.route('**/speechSynthesis/textToSpeech', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data: { speeches?: unknown } };
    delete body.data.speeches;
    await route.fulfill({ response: answer, json: body });
  });
  await fillAndSynthesize(page, { text: SHORT });
  await expect(result(page)).toContainText("Timings estimated from the sentences and the audio's length", { timeout: 30_000 });
  const [srt] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download subtitles as SRT' }).click()]);
  const cues = (await readFile((await srt.path())!, 'utf8')).trim().split(/\r\n\r\n/);
  expect(cues).toHaveLength(3);
  expect(cues[0]).toMatch(/^1\r\n00:00:00,000 --> /);
});

test.describe('long takes', () => {
  test.describe.configure({ timeout: 240_000 });

  test('redo part 3 with edited text: only part 3 changes, the list marks it redone, history keeps the new audio', async ({ page }) => {
    await openStudio(page);
    await fillLong(page, prose(THREE_PARTS), 'WAV', { speed: 2 });
    await page.getByRole('button', { name: 'Synthesize' }).click();
    await expectJoinedTake(page, 3);
    const before = await newestTake(page);
    const third = before.take.parts![2]!.startMs;
    // WAV: 44-byte header, 22,050 Hz mono 16-bit: parts 1 and 2 are the bytes before part 3's first frame.
    const end = 44 + Math.round((third * 22_050) / 1000) * 2;
    const prefixBefore = (await newestTake(page, [44, end])).range;

    const list = result(page).getByRole('list', { name: 'Parts' });
    await list.getByRole('button', { name: 'Redo part 3' }).click();
    const text = page.getByRole('textbox', { name: 'Text of part 3' });
    await expect(text).toBeFocused();
    await text.fill('');
    await page.getByRole('button', { name: 'Make part 3 again' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Part 3 needs some text.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Make part 3 again' })).toBeFocused();
    await text.fill('Part three, said again with other words.');
    // The gateway fails once (2107): an alert in the form, nothing changed, focus where it was.
    await page.route('**/speechSynthesis/textToSpeech', (route) =>
      route.fulfill({ json: { code: 2107, message: 'voice synthesis failed', data: null } }),
    );
    await page.getByRole('button', { name: 'Make part 3 again' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Part 3 could not be made again' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Make part 3 again' })).toBeFocused();
    expect((await newestTake(page)).all).toBe(before.all);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.getByRole('button', { name: 'Make part 3 again' }).click();

    await expect(list.getByRole('listitem').nth(2)).toContainText('redone', { timeout: 60_000 });
    await expect(list.getByRole('listitem').nth(2)).toContainText('Part three, said again');
    await expect(list.getByRole('listitem').nth(0)).not.toContainText('redone');
    await expect(list.getByRole('button', { name: 'Redo part 3' })).toBeFocused();
    await expect(result(page).getByRole('status').filter({ hasText: 'Part 3 was made again' })).toBeVisible();

    const after = await newestTake(page, [44, end]);
    expect(after.take.id).toBe(before.take.id);
    expect(after.take.parts![2]!.redone).toBe(1);
    expect(after.size).toBeLessThan(before.size);
    expect(after.all).not.toBe(before.all);
    expect(after.range).toBe(prefixBefore);
    // The player has the new audio: its length is the new take's.
    const audio = result(page).locator('audio');
    const seconds = (after.size - 44) / 2 / 22_050;
    await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.duration), { timeout: 15_000 }).toBeCloseTo(seconds, 1);
    await expect(page.getByRole('region', { name: 'History' })).toContainText('1 take');
    await expectAxeClean(page);
  });

  test('loudness −16: a joined take is normalized in the worker, and measures within 1 LU of −16 beside it', async ({ page }) => {
    await openStudio(page);
    await page.locator('summary', { hasText: 'Studio settings' }).click();
    await page.getByRole('combobox', { name: 'Loudness' }).selectOption({ label: '−16 LUFS voice-over' });
    await fillLong(page, prose(TWO_PARTS), 'WAV', { speed: 2 });
    await page.getByRole('button', { name: 'Synthesize' }).click();
    // While the joined audio is brought to −16 in the worker (seconds), the screen says so rather than "1 s left".
    const finishing = page.getByText('All 2 parts done: joining them and bringing the audio to -16 LUFS…');
    await expect(finishing).toBeVisible({ timeout: 120_000 });
    await expect(result(page).getByRole('list', { name: 'Parts' }).getByRole('listitem')).toHaveCount(2, { timeout: 120_000 });
    await expect(result(page)).toContainText(/Normalized to -16 LUFS \(was -\d+\.\d\)/, { timeout: 90_000 });
    await expect(finishing).toHaveCount(0);
    const lufs = await shownLoudness(page);
    expect(Math.abs(lufs + 16)).toBeLessThanOrEqual(1);
  });
});

/** The loudness the result panel shows beside the take (measured by the worker). */
async function shownLoudness(page: Page): Promise<number> {
  const shown = result(page).getByText(/-?\d+\.\d LUFS · -?\d+\.\d dBTP/);
  await expect(shown).toBeVisible({ timeout: 60_000 });
  const [, lufs, dbtp] = (await shown.textContent())!.match(/(-?\d+\.\d) LUFS · (-?\d+\.\d) dBTP/)!;
  expect(Number(dbtp)).toBeLessThanOrEqual(-0.9);
  return Number(lufs);
}

test('loudness −16: a WAV take is normalized before it is kept; the worker, the history and a measurement here agree', async ({ page }) => {
  await openStudio(page);
  await page.locator('summary', { hasText: 'Studio settings' }).click();
  await page.getByRole('combobox', { name: 'Loudness' }).selectOption({ label: '−16 LUFS voice-over' });
  await fillAndSynthesize(page, { text: SHORT });
  await expect(result(page)).toContainText(/Normalized to -16 LUFS \(was -\d+\.\d\)/, { timeout: 30_000 });
  const lufs = await shownLoudness(page);
  expect(Math.abs(lufs + 16)).toBeLessThanOrEqual(1);
  const stored = await newestTake(page, undefined, { withAudio: true });
  const measuredHere = wavLoudness(Buffer.from(stored.base64, 'base64'));
  expect(Math.abs(measuredHere + 16)).toBeLessThanOrEqual(1);
  expect(Math.abs(measuredHere - lufs)).toBeLessThanOrEqual(0.1);
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText(`${lufs.toFixed(1)} LUFS`, { timeout: 30_000 });
  await expect(history).toContainText('Normalized to -16 LUFS');
  await expectAxeClean(page);
});

test('loudness −16: an MP3 take is decoded, normalized and encoded again; it measures within 1 LU of −16 here and by ffmpeg', async ({
  page,
}) => {
  await openStudio(page);
  await page.locator('summary', { hasText: 'Studio settings' }).click();
  await page.getByRole('combobox', { name: 'Loudness' }).selectOption({ label: '−16 LUFS voice-over' });
  await fillAndSynthesize(page, { text: SHORT, format: 'MP3' });
  await expect(result(page)).toContainText(/Normalized to -16 LUFS \(was -\d+\.\d\)/, { timeout: 30_000 });
  await expect(result(page).getByText('Format', { exact: true }).locator('..')).toContainText('MP3');
  // Measured from the kept MP3, decoded by the page: the project's meter.
  expect(Math.abs((await shownLoudness(page)) + 16)).toBeLessThanOrEqual(1);
  const stored = await newestTake(page, undefined, { withAudio: true });
  const mp3 = Buffer.from(stored.base64, 'base64');
  expect(mp3.subarray(0, 2).readUInt16BE() & 0xffe0).toBe(0xffe0);
  // Another meter where ffmpeg is installed (not in CI): ebur128 on the same file.
  if (existsSync(FFMPEG)) {
    const dir = mkdtempSync(join(tmpdir(), 'mp3-take-'));
    writeFileSync(join(dir, 'take.mp3'), mp3);
    const { stderr } = spawnSync(FFMPEG, ['-hide_banner', '-nostats', '-i', join(dir, 'take.mp3'), '-af', 'ebur128', '-f', 'null', '-'], {
      encoding: 'utf8',
    });
    rmSync(dir, { recursive: true, force: true });
    const integrated = /I:\s+(-?\d+\.\d) LUFS/.exec(stderr.slice(stderr.lastIndexOf('Summary:')))?.[1];
    expect(Math.abs(Number(integrated) + 16)).toBeLessThanOrEqual(1);
  }
});

test('in Chinese: the loudness setting, the subtitle buttons and the normalization note', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  await seedConnection(page, uniqueUserId());
  await page.goto('/speech');
  await expect(page.getByRole('heading', { name: '语音工作室', level: 1 })).toBeVisible();
  await page.locator('summary', { hasText: '工作室设置' }).click();
  const loudness = page.getByRole('combobox', { name: '响度' });
  await expect(loudness.getByRole('option')).toHaveText(['关闭', '−16 LUFS 配音', '−23 LUFS 广播']);
  await loudness.selectOption({ label: '−16 LUFS 配音' });
  await page.getByLabel('要合成的文本').fill('你好，世界。今天天气很好。');
  await page.getByLabel('音色名称').fill('cmn');
  await page.getByRole('radio', { name: /^WAV/ }).check();
  await page.getByRole('button', { name: '合成' }).click();
  const panel = page.getByRole('region', { name: '结果' });
  await expect(panel.getByRole('button', { name: '下载 SRT 字幕' })).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByRole('button', { name: '下载 WebVTT 字幕' })).toBeVisible();
  await expect(panel).toContainText(/已标准化到 -16 LUFS（原为 -\d+\.\d）/, { timeout: 30_000 });
  await expect(panel).toContainText(/-?\d+\.\d LUFS · -?\d+\.\d dBTP/, { timeout: 30_000 });
  await expectAxeClean(page);
  await context.close();
});
