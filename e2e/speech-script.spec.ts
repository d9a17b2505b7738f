import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { seedProfileScript } from '../scripts/lib/seed-profile';
import { openStudio, uniqueUserId } from './speech-helpers';

const SPEECH = '/api/speechSynthesis/textToSpeech';
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

async function openScript(page: Page): Promise<string> {
  const user = await openStudio(page);
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
    await page.screenshot({ path: '/tmp/s-report.png', fullPage: true });
    const axe = await new AxeBuilder({ page }).include('#speech-panel-script').include('[role="tablist"]').analyze();
    expect(axe.violations).toEqual([]);
  });

  test('50 lines, two voices: a real 429 on the way, a reload mid-way that resumes, and one zip with it all', async ({ page, request }) => {
    test.setTimeout(240_000);
    const user = uniqueUserId();
    await page.addInitScript(seedProfileScript(user, { 'console.speech.loudness': 'voiceOver' }));
    await page.goto('/speech');
    await scriptTab(page).click();

    // What the gateway answered each line: segments per task, and the 429s the page met.
    const segments = new Map<string, number>();
    const refusals: (string | undefined)[] = [];
    page.on('response', (r) => {
      if (!r.url().endsWith(SPEECH)) return;
      if (r.status() === 429) refusals.push(r.headers()['retry-after']);
      else
        void r
          .json()
          .then((b: { data?: { taskId?: string; speeches?: unknown[] } }) => {
            if (b.data?.taskId) segments.set(b.data.taskId, b.data.speeches?.length ?? 0);
          })
          .catch(() => undefined);
    });

    const lines = Array.from({ length: 50 }, (_, i) => `Line number ${i + 1}.`);
    const csv = [
      'text,voice,file name',
      ...lines.map((text, i) => `${text},${i % 2 ? 'en-us+f2' : 'en-us'},${i === 0 ? 'opening' : ''}`),
    ].join('\n');
    await page.getByLabel('Import CSV or TSV').setInputFiles({ name: 'fifty.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(page.getByRole('region', { name: 'Import report' })).toContainText('50 lines accepted');

    // The embedded gateway made busy for real: this user's two places (SPEECH_QUEUE_PER_USER) held by long texts.
    const headers = { Authorization: 'Bearer dev-token', 'X-User-Id': user };
    const long = 'This sentence keeps the engine busy for a while. '.repeat(95);
    const holds = [0, 1].map(() => request.post(SPEECH, { headers, data: { sourceText: long, voiceName: 'en-us', format: 'wav' } }));
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
    if (existsSync('/usr/bin/ffprobe')) {
      for (const name of audio) {
        const probe = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', join(dir, name)]);
        expect(probe.toString().trim()).toBe('pcm_s16le');
      }
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
      'duration (s)',
      'task ID',
      'loudness',
    ]);
    expect(manifest).toHaveLength(51);
    for (const row of manifest.slice(1)) {
      const line = Number(row[0]);
      expect(row[1]).toBe(line === 2 ? 'opening.wav' : `line-${String(line).padStart(2, '0')}.wav`);
      expect(row[2]).toBe(`Line number ${line - 1}.`);
      expect(row[3]).toBe(line % 2 ? 'en-us+f2' : 'en-us');
      expect(Number(row[10])).toBeGreaterThan(0);
      expect(segments.has(row[11]!)).toBe(true);
      expect(row[12]).toMatch(/^target -16 LUFS: -1[5-7]\.\d LUFS, true peak -\d+\.\d dBTP$/);
      // Subtitles: one cue per segment for lines this short.
      const srt = new TextDecoder().decode(files[row[1]!.replace(/\.wav$/, '.srt')]);
      const cues = srt.split('\r\n\r\n').filter((c) => c.trim() !== '');
      expect(cues).toHaveLength(segments.get(row[11]!)!);
      expect(files[row[1]!.replace(/\.wav$/, '.vtt')]).toBeDefined();
    }
    // Loudness as another meter reads it: within 1 LU of the target.
    if (existsSync('/usr/bin/ffmpeg')) {
      for (const name of ['opening.wav', 'line-25.wav']) {
        const { stderr } = spawnSync('ffmpeg', ['-hide_banner', '-nostats', '-i', join(dir, name), '-af', 'ebur128', '-f', 'null', '-'], {
          encoding: 'utf8',
        });
        const integrated = [...stderr.matchAll(/I:\s+(-?\d+\.\d) LUFS/g)].at(-1)?.[1];
        expect(Math.abs(Number(integrated) + 16)).toBeLessThanOrEqual(1);
      }
    }
  });
});
