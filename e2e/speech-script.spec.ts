import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { axeBuilder } from './axe';
import { expect, test, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { seedProfileScript } from '../scripts/lib/seed-profile';
import { openStudio, uniqueUserId } from './speech-helpers';
import { STAND_IN_ENGINE } from './speech-engine';

// The script queue (import, 429s, resume, zip) is the subject: the stand-in engine speaks (docs/performance.md).
test.use(STAND_IN_ENGINE);

const SPEECH = '/api/speechSynthesis/textToSpeech';
// Debian's, when present: the zip's audio decoded and measured by a tool other than the console.
const FFMPEG = '/usr/bin/ffmpeg';
const queueRegion = (page: Page) => page.getByRole('region', { name: 'Queue' });
const overall = (page: Page) => queueRegion(page).getByRole('status').first();

/** "n of 50": how many lines are through, from the overall status. */
async function through(page: Page): Promise<number> {
  const text = (await overall(page).textContent()) ?? '';
  return Number(/(\d+) of \d+/.exec(text)?.[1] ?? 0);
}

/** The manifest read back (RFC 4180: quoted cells, "" inside quotes, CRLF), independently of the console's parser. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',' || c === '\n') {
      row.push(cell);
      cell = '';
      if (c === '\n') {
        rows.push(row);
        row = [];
      }
    } else if (c !== '\r') cell += c;
  }
  return rows;
}

const scriptTab = (page: Page) => page.getByRole('tab', { name: 'Script' });

/** The Script tab open, the Text tab's voice set (its values are every line's defaults). */
async function openScript(page: Page, voiceName = 'en-us'): Promise<string> {
  const user = uniqueUserId();
  await page.addInitScript(seedProfileScript(user, { 'console.speech.draft': { voiceName } }));
  await page.goto('/speech');
  await scriptTab(page).click();
  await expect(page.getByRole('heading', { name: 'Script', level: 2 })).toBeVisible();
  return user;
}

test.describe('speech scripts', () => {
  test('a CSV with bad rows: the report names every refused line and why, and unknown columns', async ({ page }) => {
    await openScript(page);
    const csv = [
      'text,voice,speed,mood,file name',
      'Hello there.,en-us,1.2,happy,greeting',
      ',en-us,1,,empty',
      'Fast one.,en-us,1;5,,fast',
      '"Never closed,en-us,1,,',
    ].join('\n');
    await page.getByLabel('Import CSV or TSV').setInputFiles({ name: 'script.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const report = page.getByRole('region', { name: 'Import report' });
    await expect(report).toContainText('1 line accepted');
    const alert = report.getByRole('alert');
    await expect(alert).toContainText('3 lines refused');
    const bad = alert.getByRole('list', { name: 'Lines not sent' }).getByRole('listitem');
    await expect(bad.filter({ hasText: 'Line 3: no text to say.' })).toHaveCount(1);
    await expect(bad.filter({ hasText: 'Line 4: “1;5” in the speed column is not a number' })).toHaveCount(1);
    await expect(bad.filter({ hasText: /^Line 5: a quote is opened and never closed/ })).toHaveCount(1);
    await expect(report.getByRole('list', { name: 'Columns' })).toContainText('Column 4 (“mood”) is not one the console knows');
    await expect(page.getByRole('button', { name: 'Make 1 take' })).toBeVisible();
    const axe = await axeBuilder(page).include('#speech-panel-script').include('[role="tablist"]').analyze();
    expect(axe.violations).toEqual([]);
  });

  test('a file too large, too long or not UTF-8 is refused in an alert, saying why; UTF-16 is read and said', async ({ page }) => {
    await openScript(page);
    const fileInput = page.getByLabel('Import CSV or TSV');
    const alert = page.getByRole('region', { name: 'Script', exact: true }).getByRole('alert');
    await expect(page.getByText('Up to 1,000 lines and 2 MB per script')).toBeVisible();

    // 50 MB on disk: refused on its size, never read into the page (it used to leave it unresponsive over 60 s).
    const dir = mkdtempSync(join(tmpdir(), 'script-caps-'));
    const huge = join(dir, 'huge.csv');
    writeFileSync(huge, '');
    truncateSync(huge, 50_000_000);
    await fileInput.setInputFiles(huge);
    await expect(alert).toHaveText(
      'huge.csv is 50 MB; a script file may be at most 2 MB. Split it into smaller files. Nothing was imported.',
    );

    // 100,000 lines (1.2 MB): refused whole before any line is checked, and never put in the box (its layout alone took 3.8 s).
    const many = Array.from({ length: 100_000 }, (_, i) => `Line ${i + 1}`).join('\n');
    await fileInput.setInputFiles({ name: 'many.txt', mimeType: 'text/plain', buffer: Buffer.from(many) });
    await expect(alert).toHaveText(
      'The script has 100,000 lines; one script takes at most 1,000. Split it into scripts of up to 1,000 lines. Nothing was imported.',
    );
    await expect(page.getByRole('region', { name: 'Import report' })).toHaveCount(0);
    await expect(page.getByLabel('Script lines')).toHaveValue('');

    // Windows-1252 ("Café" with é as 0xE9): not guessed at.
    const cp1252 = Buffer.concat([Buffer.from('text\r\nCaf'), Buffer.from([0xe9]), Buffer.from('\r\n')]);
    await fileInput.setInputFiles({ name: 'excel.csv', mimeType: 'text/csv', buffer: cp1252 });
    await expect(alert).toContainText('excel.csv is not UTF-8 text: line 2 has a byte UTF-8 does not allow');
    await expect(alert).toContainText('Save it as UTF-8');

    // UTF-16 LE with its byte order mark, as Excel's "Unicode text" writes it: read, and said.
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('text\tvoice\r\nBonjour à tous.\tfr\r\nHello.\ten-us\r\n', 'utf16le'),
    ]);
    await fileInput.setInputFiles({ name: 'unicode.txt', mimeType: 'text/plain', buffer: utf16 });
    await expect(page.getByRole('status').filter({ hasText: 'unicode.txt was read as UTF-16 LE.' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Import report' })).toContainText('2 lines accepted');
    await expect(alert).toHaveCount(0);
    await expect(page.getByLabel('Script lines')).toHaveValue('text\tvoice\nBonjour à tous.\tfr\nHello.\ten-us\n');
  });

  test('50 lines, two voices: a real 429 on the way, a reload mid-way that resumes, and one zip with it all', async ({ page, request }) => {
    test.setTimeout(240_000);
    const user = uniqueUserId();
    await page.addInitScript(seedProfileScript(user, { 'console.speech.loudness': 'voiceOver' }));
    await page.goto('/speech');
    // A pronunciation rule of the profile: every line is sent as it rewrites it.
    const lexicon = page.getByRole('region', { name: 'Pronunciation' });
    await lexicon.getByLabel('Import CSV').setInputFiles({
      name: 'names.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('written,said,whole word,case sensitive,language\nnumber,numero,yes,no,\n'),
    });
    await expect(lexicon.getByRole('region', { name: 'Import report: names.csv' })).toContainText('1 rule added.');
    await scriptTab(page).click();

    // What the gateway answered each line: segments per task, and the 429s the page met. Read here
    // before the page gets it: a body read after the page has it is lost when the page reloads
    // meanwhile (with quick syntheses, answers arrive around the reload below).
    const segments = new Map<string, number>();
    const refusals: (string | undefined)[] = [];
    await page.route(`**${SPEECH}`, async (route) => {
      const response = await route.fetch();
      if (response.status() === 429) refusals.push(response.headers()['retry-after']);
      else {
        const body = (await response.json()) as { data?: { taskId?: string; speeches?: unknown[] } };
        if (body.data?.taskId) segments.set(body.data.taskId, body.data.speeches?.length ?? 0);
      }
      // The page may have reloaded meanwhile: then nobody waits for this answer (the line is sent again).
      await route.fulfill({ response }).catch(() => undefined);
    });

    const lines = Array.from({ length: 50 }, (_, i) => `Line number ${i + 1}.`);
    const csv = [
      'text,voice,file name',
      ...lines.map((text, i) => `${text},${i % 2 ? 'en-us+f2' : 'en-us'},${i === 0 ? 'opening' : ''}`),
    ].join('\n');
    await page.getByLabel('Import CSV or TSV').setInputFiles({ name: 'fifty.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(page.getByRole('region', { name: 'Import report' })).toContainText('50 lines accepted');

    // The embedded gateway made busy for real: this user's two places (SPEECH_QUEUE_PER_USER) held by
    // long texts, as MP3: about 5 minutes of audio each through the real LAME encoder, which keeps
    // them for seconds with the stand-in engine too (espeak made the WAV of this take about as long).
    const headers = { Authorization: 'Bearer dev-token', 'X-User-Id': user };
    const long = 'This sentence keeps the engine busy for a while. '.repeat(95);
    const holds = [0, 1].map(() => request.post(SPEECH, { headers, data: { sourceText: long, voiceName: 'en-us', format: 'mp3' } }));
    await expect
      .poll(async () => {
        const probe = await request.post(SPEECH, { headers, data: { sourceText: 'Probe.', voiceName: 'en-us', format: 'wav' } });
        return probe.status() === 429 ? probe.headers()['retry-after'] : String(probe.status());
      })
      .toMatch(/^[1-9]\d*$/);
    await page.getByRole('button', { name: 'Make 50 takes' }).click();
    await expect.poll(() => refusals.length, { timeout: 30_000 }).toBeGreaterThan(0);
    expect(refusals[0]).toMatch(/^[1-9]\d*$/);
    await Promise.all(holds);

    await expect.poll(() => through(page), { timeout: 90_000 }).toBeGreaterThanOrEqual(10);
    await page.reload();
    await expect(scriptTab(page)).toHaveAttribute('aria-selected', 'true');
    await expect(queueRegion(page)).toContainText('left unfinished when the page closed');
    await expect(overall(page)).toContainText('Paused');
    const before = await through(page);
    expect(before).toBeGreaterThanOrEqual(10);
    expect(before).toBeLessThan(50);
    await queueRegion(page).getByRole('button', { name: 'Resume' }).click();
    await expect(overall(page)).toContainText('Finished', { timeout: 120_000 });
    await expect(overall(page)).toContainText('50 of 50 (0 failed)');
    await expect(queueRegion(page).getByRole('progressbar', { name: 'Script progress' })).toHaveAttribute(
      'aria-valuetext',
      '50 of 50 (0 failed)',
    );

    const axe = await axeBuilder(page).include('#speech-panel-script').analyze();
    expect(axe.violations).toEqual([]);

    const downloading = page.waitForEvent('download');
    await queueRegion(page).getByRole('button', { name: 'Download all (zip)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^script-\d{12}\.zip$/);
    await expect(queueRegion(page).getByText('The zip is ready: 50 files of audio.')).toBeVisible();
    const files = unzipSync(readFileSync(await download.path()));
    const audio = Object.keys(files).filter((name) => name.endsWith('.wav'));
    expect(audio).toHaveLength(50);
    expect(audio).toContain('opening.wav');
    expect(audio).toContain('line-51.wav');
    const dir = mkdtempSync(join(tmpdir(), 'script-zip-'));
    for (const name of audio) {
      const bytes = files[name]!;
      expect(Buffer.from(bytes.subarray(0, 4)).toString('latin1')).toBe('RIFF');
      expect(Buffer.from(bytes.subarray(8, 12)).toString('latin1')).toBe('WAVE');
      writeFileSync(join(dir, name), bytes);
    }
    if (existsSync(FFMPEG)) {
      // One ffmpeg run reads all 50 files and lists each one's stream (given no output, it stops
      // there): one start of the decoder libraries instead of 50 ffprobe runs (0.1 to 0.5 s each).
      const { stderr } = spawnSync(FFMPEG, ['-hide_banner', ...audio.flatMap((name) => ['-i', join(dir, name)])], { encoding: 'utf8' });
      const codecs = stderr
        .split(/^Input #\d+, /m)
        .slice(1)
        .map((input) => [/ from '.*\/([^/]+)':$/m.exec(input)?.[1], /^\s+Stream #\d+:0\S*: Audio: (\w+)/m.exec(input)?.[1]]);
      expect(Object.fromEntries(codecs)).toEqual(Object.fromEntries(audio.map((name) => [name, 'pcm_s16le'])));
    }
    // The manifest: one row per line (its line in the CSV file: the header is line 1), its file, the text as sent, the voice and the task ID the gateway gave.
    const manifest = parseCsv(new TextDecoder().decode(files['manifest.csv']).replace(/^\uFEFF/, ''));
    expect(manifest[0]).toEqual([
      'line',
      'file',
      'text sent',
      'voice',
      'timbre',
      'language',
      'speed',
      'volume',
      'emotion',
      'format',
      'sample rate (Hz)',
      'channels',
      'bits',
      'duration (s)',
      'task ID',
      'loudness',
    ]);
    expect(manifest).toHaveLength(51);
    for (const row of manifest.slice(1)) {
      const line = Number(row[0]);
      expect(row[1]).toBe(line === 2 ? 'opening.wav' : `line-${String(line).padStart(2, '0')}.wav`);
      expect(row[2]).toBe(`Line numero ${line - 1}.`);
      expect(row[3]).toBe(line % 2 ? 'en-us+f2' : 'en-us');
      // WAV takes: their header says how to read them, so the raw PCM columns stay empty.
      expect(row.slice(10, 13)).toEqual(['', '', '']);
      expect(Number(row[13])).toBeGreaterThan(0);
      expect(segments.has(row[14]!)).toBe(true);
      expect(row[15]).toMatch(/^target -16 LUFS: -1[5-7]\.\d LUFS, true peak -\d+\.\d dBTP$/);
      // Subtitles: one cue per segment for lines this short.
      const srt = new TextDecoder().decode(files[row[1]!.replace(/\.wav$/, '.srt')]);
      const cues = srt.split('\r\n\r\n').filter((c) => c.trim() !== '');
      expect(cues).toHaveLength(segments.get(row[14]!)!);
      expect(files[row[1]!.replace(/\.wav$/, '.vtt')]).toBeDefined();
    }
    // Loudness as another meter reads it: within 1 LU of the target.
    if (existsSync(FFMPEG)) {
      for (const name of ['opening.wav', 'line-25.wav']) {
        const { stderr } = spawnSync(FFMPEG, ['-hide_banner', '-nostats', '-i', join(dir, name), '-af', 'ebur128', '-f', 'null', '-'], {
          encoding: 'utf8',
        });
        const integrated = [...stderr.matchAll(/I:\s+(-?\d+\.\d) LUFS/g)].at(-1)?.[1];
        expect(Math.abs(Number(integrated) + 16)).toBeLessThanOrEqual(1);
      }
    }
  });

  test('pause holds the rest, cancel asks first and cancels what is not made; 10091 stops and says how many are left', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const user = await openScript(page);
    const lines = page.getByLabel('Script lines');
    // Lines long enough that the queue is still running when Pause is clicked: twelve two-word lines were all made
    // before the click landed in one CI run (the button gone, the click waiting out the test's 2 minutes).
    const line = (n: number) => `Line ${n}: a sentence of some length, so that each take keeps the engine busy for a while.`;
    await lines.fill(Array.from({ length: 12 }, (_, i) => line(i + 1)).join('\n'));
    await page.getByRole('button', { name: 'Check lines' }).click();
    await page.getByRole('button', { name: 'Make 12 takes' }).click();
    const queue = queueRegion(page);
    await queue.getByRole('button', { name: 'Pause' }).click();
    await expect(overall(page)).toContainText('Paused');
    // Lines in flight finish; nothing new is sent.
    await expect(queue.getByRole('listitem').filter({ hasText: 'Sending…' })).toHaveCount(0, { timeout: 20_000 });
    const paused = await through(page);
    expect(paused).toBeLessThan(12);
    await expect(queue.getByRole('listitem').filter({ hasText: 'Waiting' })).toHaveCount(12 - paused);
    const axe = await axeBuilder(page).include('#speech-panel-script').analyze();
    expect(axe.violations).toEqual([]);

    await queue.getByRole('button', { name: 'Cancel script' }).click();
    const confirm = queue.getByRole('group', { name: /Cancel the \d+ lines? not made yet/ });
    await expect(confirm.getByRole('button', { name: 'Keep going' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Keep going' }).click();
    await expect(queue.getByRole('button', { name: 'Cancel script' })).toBeFocused();
    await queue.getByRole('button', { name: 'Cancel script' }).click();
    await confirm.getByRole('button', { name: 'Yes, cancel them' }).click();
    await expect(overall(page)).toContainText('Cancelled');
    await expect(queue.getByRole('heading', { name: 'Queue' })).toBeFocused();
    await expect(queue.getByRole('listitem').filter({ hasText: 'Cancelled' })).toHaveCount(12 - paused);
    await expect(queue.getByRole('button', { name: 'Resume' })).toHaveCount(0);

    // Out of points: 3 points for 8 one-point lines.
    const points = (n: number) => request.put(`/api/_emulator/users/${user}`, { data: { points: n } });
    expect((await points(3)).ok()).toBe(true);
    await lines.fill(Array.from({ length: 8 }, (_, i) => `Point ${i + 1}.`).join('\n'));
    await page.getByRole('button', { name: 'Check lines' }).click();
    await page.getByRole('button', { name: 'Make 8 takes' }).click();
    await expect(queue.getByRole('alert')).toContainText(/^Out of points on line \d+: [5-6] lines not made\. Top up and resume\.$/);
    await expect(overall(page)).toContainText('Stopped');
    await expect(overall(page)).toContainText('3 of 8 (0 failed)');
    await points(100);
    await queue.getByRole('button', { name: 'Resume' }).click();
    await expect(overall(page)).toContainText('Finished');
    await expect(overall(page)).toContainText('8 of 8 (0 failed)');
    await expect(queue.getByRole('alert')).toHaveCount(0);
  });

  test('in Chinese: tabs, labels, report and queue speak Chinese, and axe finds nothing', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    await page.addInitScript(seedProfileScript(uniqueUserId(), { 'console.speech.draft': { voiceName: 'cmn' } }));
    await page.goto('/speech');
    await page.getByRole('tab', { name: '脚本' }).click();
    await expect(page.getByRole('tab', { name: '脚本' })).toHaveAttribute('aria-selected', 'true');
    await page.getByLabel('脚本行').fill('你好。\n再见。\n\n');
    await expect(page.getByLabel('导入 CSV 或 TSV')).toBeVisible();
    await page.getByRole('button', { name: '检查各行' }).click();
    await expect(page.getByRole('region', { name: '导入报告' })).toContainText('已接受 2 行');
    await page.getByRole('button', { name: '生成 2 条录音' }).click();
    await expect(page.getByRole('region', { name: '队列' }).getByRole('status').first()).toContainText('已完成 · 2 / 2（0 个失败）', {
      timeout: 30_000,
    });
    await expect(page.getByRole('button', { name: '全部下载（zip）' })).toBeEnabled();
    const axe = await axeBuilder(page).include('#speech-panel-script').include('[role="tablist"]').analyze();
    expect(axe.violations).toEqual([]);
    await context.close();
  });

  test('the tabs work from the keyboard', async ({ page }) => {
    await openStudio(page);
    const text = page.getByRole('tab', { name: 'Text' });
    await expect(text).toHaveAttribute('aria-selected', 'true');
    await text.focus();
    await page.keyboard.press('ArrowRight');
    await expect(scriptTab(page)).toBeFocused();
    await expect(scriptTab(page)).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Script lines')).toBeVisible();
    await expect(page.getByLabel('Text to synthesize')).toBeHidden();
    await page.keyboard.press('Home');
    await expect(text).toBeFocused();
    await expect(page.getByLabel('Text to synthesize')).toBeVisible();
    await expect(page.getByLabel('Script lines')).toBeHidden();
  });

  test('a line that fails says why, the queue goes on, and "Retry failed" makes it', async ({ page }) => {
    await openScript(page);
    let failures = 0;
    await page.route('**' + SPEECH, async (route) => {
      const body = route.request().postDataJSON() as { sourceText: string };
      if (body.sourceText === 'Second.' && failures === 0) {
        failures++;
        return route.fulfill({ json: { code: 2107, message: 'Engine failed', data: null } });
      }
      return route.fallback();
    });
    await page.getByLabel('Script lines').fill('First.\nSecond.\nThird.');
    await page.getByRole('button', { name: 'Check lines' }).click();
    await page.getByRole('button', { name: 'Make 3 takes' }).click();
    const queue = queueRegion(page);
    await expect(overall(page)).toContainText('Finished · 3 of 3 (1 failed)');
    await expect(queue.getByRole('listitem').filter({ hasText: 'Second.' })).toContainText('Failed Error code 2107');
    await queue.getByRole('button', { name: 'Retry failed' }).click();
    await expect(overall(page)).toContainText('Finished · 3 of 3 (0 failed)');
    await expect(queue.getByRole('listitem').filter({ hasText: 'Done' })).toHaveCount(3);
    await expect(queue.getByRole('button', { name: 'Retry failed' })).toHaveCount(0);
  });
});
