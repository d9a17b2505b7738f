/**
 * The operator's core journeys in WebKit (issue 40): Debian's WebKitGTK MiniBrowser under Xvfb, driven over
 * WebKitWebDriver by selenium-webdriver, run by node:test (`node --import tsx --test` this file; `npm test` does).
 * One browser session for the whole file (a session costs 1-3 s and ~1 CPU s), few page loads; a new one after a
 * journey fails (journey()).
 *
 * What WebKitWebDriver cannot do, and what stands in for it here (see also e2e/webkit/README.md):
 * - no init scripts: the profile is seeded on /robots.txt (same origin) before the console loads;
 * - no log endpoint: the page's own errors are recorded from each load on (webkit-page.ts watchErrors);
 * - no download event: a task's video link is fetched by Node; the script zip (a blob anchor) is caught in the page;
 * - no `\n` inside typed text: lines go in with the Enter key.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { unzipSync } from 'fflate';
import { error as seleniumError, Key, type WebDriver } from 'selenium-webdriver';
import { until, WebKitPage, openSession } from './webkit-page';
import { missingForWebKit, noWebKitMessage } from '../../scripts/lib/find-webkit.mjs';
import {
  buildConsole,
  startConsoleServers,
  startSoundServer,
  startWebKitWebDriver,
  startXvfb,
  stopAll,
  tempDir,
  type ConsoleServers,
  type WebKitDriver,
} from './webkit-processes';

let browserEnv: Record<string, string>;
let webkit: WebKitDriver;
let driver: WebDriver | undefined;
let servers: ConsoleServers;
let page: WebKitPage;

/** The console of this origin (the real or the stand-in engine's server), in the run's browser session. */
async function on(base: string): Promise<void> {
  driver ??= await openSession(webkit.url);
  page = new WebKitPage(driver, base);
}

/**
 * A journey, given a time of its own. After one fails, the browser may be hung: seen once on a loaded CI machine, a
 * reload never ended and every later command waited out a 300 s page-load timeout, in either server's origin (so
 * WebKit's, not one server's). What WebKit's processes were doing is printed and a new browser takes the old one's
 * place, so one failure stays one. A journey stopped by the browser itself (a WebDriver timeout, or over its time)
 * runs once more in the new browser, said in the output; a failed assertion or wait on the page does not.
 */
const JOURNEY_MS = 150_000;
class Overtime extends Error {}
function journey(name: string, run: () => Promise<void>): void {
  test(name, async () => {
    for (let attempt = 1; ; attempt++) {
      let timer: NodeJS.Timeout | undefined;
      const overtime = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Overtime(`the journey took over ${JOURNEY_MS / 1000} s`)), JOURNEY_MS);
      });
      try {
        return await Promise.race([run(), overtime]);
      } catch (err) {
        await replaceBrowser();
        const browserStopped = err instanceof Overtime || err instanceof seleniumError.TimeoutError;
        if (attempt > 1 || !browserStopped) throw err;
        console.error(`"${name}": the browser stopped it (${String(err)}); once more in a new browser`);
      } finally {
        clearTimeout(timer);
      }
    }
  });
}

async function replaceBrowser(): Promise<void> {
  console.error(`WebKit's processes when the journey failed:\n${webkit.processes()}`);
  driver = undefined;
  await webkit.stop();
  webkit = await startWebKitWebDriver(browserEnv);
}
const workDir = tempDir('console-webkit-');

before(async () => {
  const missing = missingForWebKit();
  if (missing.length > 0) throw new Error(noWebKitMessage(missing));
  const distDir = process.env.E2E_DIST_DIR ?? join(workDir, 'dist');
  if (!process.env.E2E_DIST_DIR) buildConsole(distDir);
  const [display, sound, started] = await Promise.all([
    startXvfb(),
    startSoundServer(join(workDir, 'pulse')),
    startConsoleServers(distDir, workDir),
  ]);
  servers = started;
  // LANG=C.UTF-8, a container's locale: WebKit then reports the browser language as "C" (issue 40). With no
  // LANG at all it reports "en-US".
  // MiniBrowser's cache and data directories in the run's own, removed with it.
  const dirs = {
    XDG_CACHE_HOME: join(workDir, 'cache'),
    XDG_DATA_HOME: join(workDir, 'data-home'),
    XDG_CONFIG_HOME: join(workDir, 'config'),
  };
  browserEnv = { DISPLAY: display, ...sound, ...dirs, LANG: 'C.UTF-8' };
  webkit = await startWebKitWebDriver(browserEnv);
});

after(async () => {
  await driver?.quit().catch(() => undefined);
  await stopAll();
  rmSync(workDir, { recursive: true, force: true });
});

let counter = 0;
const uniqueUserId = () => `${Date.now() % 1e9}${process.pid % 1000}${++counter}`.slice(0, 18);

async function createTasks(userId: string, count: number, durationMs: number): Promise<string[]> {
  const res = await fetch(`${servers.real}/api/_emulator/tasks`, {
    method: 'POST',
    headers: { 'X-User-Id': userId, 'Content-Type': 'application/json' },
    body: JSON.stringify({ count, durationMs, outcome: 'finished' }),
  });
  const body = (await res.json()) as { data: { taskIds: string[] } };
  return body.data.taskIds;
}

/** No error screen and no error the page reported since its load. */
async function expectNoPageErrors(): Promise<void> {
  const stopped = await page.allByRole('heading', /stopped working|停止工作/);
  assert.equal(stopped.length, 0, 'the page shows its error screen');
  assert.deepEqual(await page.errors(), []);
}

const SENTENCES = 'The quick brown fox jumps over the lazy dog. It was a sunny day in the park. Birds were singing everywhere.';

/** What the journeys read and press, in each language (the catalogs' words). */
const WORDS = {
  en: {
    taskIds: 'Task IDs',
    add: 'Add to watch list',
    progressOf: (id: string) => `Progress of ${id}`,
    allFinished: (n: number) => `${n} of ${n} finished`,
    flowChart: /^Tasks by status over time/,
    throughputChart: /^Finished and failed per minute/,
    downloadOf: (id: string) => `Download video of ${id}`,
    textTab: 'Text',
    text: 'Text to synthesize',
    voice: 'Voice name',
    synthesize: 'Synthesize',
    segments: /^Segments/,
    waveform: /^Waveform, /,
  },
  'zh-CN': {
    taskIds: '任务 ID',
    add: '添加到关注列表',
    progressOf: (id: string) => `${id} 的进度`,
    allFinished: (n: number) => `已完成 ${n}/${n}`,
    flowChart: /^各状态任务数的变化/,
    throughputChart: /^每分钟完成和失败的任务数/,
    downloadOf: (id: string) => `下载 ${id} 的视频`,
    textTab: '文本',
    text: '要合成的文本',
    voice: '音色名称',
    synthesize: '合成',
    segments: /^片段/,
    waveform: /^波形，/,
  },
};
type Words = (typeof WORDS)['en'];

/** Tasks: paste IDs, progress moves, all finish, both charts drawn, the download link is a real MP4. */
async function watchTasks(words: Words, user: string): Promise<string[]> {
  const ids = await createTasks(user, 3, 4_000);
  await page.type(await page.label(words.taskIds), ids.join('\n'));
  await (await page.role('button', words.add)).click();
  const bar = await page.role('progressbar', words.progressOf(ids[0]!));
  await until('progress above 0', async () => (Number(await bar.getAttribute('aria-valuenow')) > 0 ? true : undefined));
  await page.text(words.allFinished(3));
  await page.role('img', words.flowChart);
  await page.role('img', words.throughputChart);
  // No download event over WebDriver: Node fetches the link's URL.
  const link = await page.role('link', words.downloadOf(ids[0]!));
  const video = await fetch(String(await link.getAttribute('href')));
  assert.equal(
    Buffer.from(await video.arrayBuffer())
      .subarray(4, 8)
      .toString('latin1'),
    'ftyp',
  );
  return ids;
}

// The stand-in engine's origin (a second browser session, see on()): journeys whose subject is the page, as in Chromium.
describe('WebKit: speech on the stand-in engine, in English and 简体中文', () => {
  journey('speech history is there after a reload (IndexedDB)', async () => {
    await on(servers.standIn);
    await page.seed(uniqueUserId());
    await page.goto('/speech');
    const text = `History take ${Date.now()}.`;
    await synthesize(WORDS.en, text, 'MP3');
    const history = await page.role('region', 'History');
    await page.text(text, history);
    await until('the take stored', async () => ((await storedTakes()) === 1 ? true : undefined));
    await page.reload();
    await page.text(text, await page.role('region', 'History'));
    await expectNoPageErrors();
  });

  journey('a 3-line script makes 3 takes and one zip', async () => {
    await on(servers.standIn);
    await page.seed(uniqueUserId(), { 'console.speech.draft': { voiceName: 'en-us' } });
    await page.goto('/speech');
    await (await page.role('tab', 'Script')).click();
    await page.type(await page.label('Script lines'), 'First.\nSecond.\nThird.');
    await (await page.role('button', 'Check lines')).click();
    await (await page.role('button', 'Make 3 takes')).click();
    const queue = await page.role('region', 'Queue');
    await page.text('Finished · 3 of 3 (0 failed)', queue, 60_000);
    await catchDownloads();
    await (await page.role('button', 'Download all (zip)', queue)).click();
    await page.text('The zip is ready: 3 files of audio.', queue);
    const [zip] = await until('the zip', async () => {
      const got = await caughtDownloads();
      return got.length > 0 ? got : undefined;
    });
    assert.match(zip!.name, /^script-\d{12}\.zip$/);
    const files = Object.keys(unzipSync(Buffer.from(zip!.base64, 'base64')));
    assert.deepEqual(files.filter((f) => f.endsWith('.wav')).sort(), ['line-1.wav', 'line-2.wav', 'line-3.wav']);
    assert.ok(files.includes('manifest.csv'));
    await expectNoPageErrors();
  });
  journey('简体中文: the studio synthesizes, plays and draws its waveform in Chinese', async () => {
    await on(servers.standIn);
    await page.seed(uniqueUserId(), { 'console.locale': 'zh-CN' });
    await page.goto('/speech');
    await page.role('heading', '语音工作室');
    await synthesize(WORDS['zh-CN'], '你好，世界。今天天气很好。', 'WAV');
    await expectPlays(WORDS['zh-CN']);
    await expectNoPageErrors();
  });
});

describe('WebKit: the operator journeys in English (real engine origin)', () => {
  journey(
    'under the C locale (WebKit reports "C") the Tasks page watches tasks and draws its charts; the query box narrows them',
    async () => {
      await on(servers.real);
      const user = uniqueUserId();
      await page.seed(user, { 'console.tasks.settings': { intervalMs: 2_000 } });
      await page.goto('/tasks');
      // What WebKit itself says (the prototype's getter), under the page's repair (src/i18n/browser-language.ts).
      const reported = await page.script<string[]>(
        "return [Object.getOwnPropertyDescriptor(Navigator.prototype, 'language').get.call(navigator), navigator.language]",
      );
      assert.deepEqual(reported, ['C', 'en-US']);
      const ids = await watchTasks(WORDS.en, user);

      const query = await page.role('combobox', 'Query');
      await page.type(query, `id:${ids[1]}`);
      await query.sendKeys(Key.ENTER);
      await until('one row shown', async () => ((await page.allByRole('progressbar', /^Progress of /)).length === 1 ? true : undefined));
      // Emptied, all three again (the query is kept for the profile: a later journey would see one row).
      await query.sendKeys(Key.CONTROL, 'a', Key.NULL, Key.BACK_SPACE, Key.ENTER);
      await until('three rows shown', async () => ((await page.allByRole('progressbar', /^Progress of /)).length === 3 ? true : undefined));
      await expectNoPageErrors();
    },
  );

  // The task history is a log of writes in IndexedDB (src/features/tasks/history/task-history-db.ts): its store's keys
  // are counted up by IndexedDB and read back through an index of [scope, that key], which WebKit must fill in too.
  journey('a task’s timeline is there after a reload (the history’s log in IndexedDB)', async () => {
    await on(servers.real);
    const user = uniqueUserId();
    await page.seed(user, { 'console.tasks.settings': { intervalMs: 2_000 } });
    await page.goto('/tasks');
    const [id] = await watchTasks(WORDS.en, user);
    await until('its end stored', async () => ((await storedLastStatus(id!)) === 4 ? true : undefined), 30_000);
    await page.goto(`/tasks/${id}`);
    const timeline = await page.role('region', 'Timeline', await page.role('dialog', id!));
    // Seen running before it finished: after the reload the poller sees it Finished only, so a second entry is the log's.
    const seen = await until('the stored timeline', async () => {
      const items = await Promise.all((await page.allByRole('listitem', undefined, timeline)).map((li) => li.getText()));
      return items.length >= 2 ? items : undefined;
    });
    assert.match(seen.at(-1)!, /Finished/);
    assert.ok(
      seen.slice(0, -1).some((text) => /Running|Queued|Created/.test(text)),
      seen.join(' | '),
    );
    await expectNoPageErrors();
  });

  // From 16,384 rows the watch list is filtered and sorted in a worker of its own (src/features/tasks/query/worker/):
  // its script loads under the console's CSP in WebKit too, and a query and its sort over 20,000 rows come out right.
  journey('a share link of 20,000 tasks is filtered and sorted by the list’s worker', async () => {
    await on(servers.real);
    await page.seed(uniqueUserId());
    await page.goto('/tasks');
    const ids = Array.from({ length: 20_000 }, (_, i) => `Service_AI_long_${String(i).padStart(5, '0')}`);
    // The share link's form (src/features/tasks/shared-links/): the IDs deflated, in base64url, after #ids=.
    const link = `/tasks#ids=${deflateRawSync(ids.join('\n')).toString('base64url')}`;
    await page.script('location.assign(arguments[0])', link);
    await page.text('Opened a shared list: added 20,000 tasks', undefined, 30_000);
    const heading = await page.role('heading', /^Watch list/);
    await page.text('Watch list (20,000)', heading);
    await until(
      'the list’s worker loaded',
      async () =>
        (await page.script<boolean>("return performance.getEntriesByType('resource').some((e) => e.name.includes('list.worker'))")) ||
        undefined,
      20_000,
    );
    const query = await page.role('combobox', 'Query');
    await page.type(query, 'id:*_1?999 sort:list-desc');
    await query.sendKeys(Key.ENTER);
    await page.text('Watch list (10 of 20,000 shown)', heading);
    // Descending list order: the last of the ten first. Waited for, not read once: typed slowly (a loaded machine), the
    // box can commit the filter alone at a pause between keys, so the count is right before Enter brings the sort.
    await until('Service_AI_long_19999 as the first row (descending list order)', async () => {
      const first = (await page.allByRole('checkbox', /^Select Service_AI_long_/))[0];
      return (await first?.getAccessibleName()) === 'Select Service_AI_long_19999' ? true : undefined;
    });
    await query.sendKeys(Key.CONTROL, 'a', Key.NULL, Key.BACK_SPACE, Key.ENTER);
    await page.text('Watch list (20,000)', heading);
    await expectNoPageErrors();
  });

  journey('Ctrl+K opens the palette, which goes to Settings', async () => {
    await on(servers.real);
    await page.seed(uniqueUserId());
    await page.goto('/tasks');
    await (await page.role('heading', 'Tasks')).click();
    await driver!.actions().keyDown(Key.CONTROL).sendKeys('k').keyUp(Key.CONTROL).perform();
    const palette = await page.role('dialog', 'Command palette');
    const box = await page.role('combobox', 'Command, page, view or task ID', palette);
    await box.sendKeys('settings');
    await page.role('option', 'Go to Settings', palette);
    await box.sendKeys(Key.ENTER);
    await page.role('heading', 'Connection settings');
    await expectNoPageErrors();
  });

  for (const format of ['WAV', 'PCM', 'MP3']) {
    journey(`speech: ${format} synthesizes (real engine), plays, and draws its waveform`, async () => {
      await on(servers.real);
      await page.seed(uniqueUserId());
      await page.goto('/speech');
      await synthesize(WORDS.en, SENTENCES, format);
      await expectPlays(WORDS.en);
      await expectNoPageErrors();
    });
  }
});

describe('WebKit: the operator journeys in 简体中文', () => {
  journey('Settings switches to 简体中文, which stays; Tasks watches and draws in Chinese', async () => {
    await on(servers.real);
    const user = uniqueUserId();
    await page.seed(user, { 'console.tasks.settings': { intervalMs: 2_000 } });
    await page.goto('/settings');
    await page.choose(await page.role('combobox', 'Language', await page.role('main')), '简体中文');
    await page.role('heading', '连接设置');
    assert.equal(await page.script('return document.documentElement.lang'), 'zh-CN');

    await page.goto('/tasks');
    await page.role('link', '设置');
    await watchTasks(WORDS['zh-CN'], user);
    await expectNoPageErrors();
  });
});

async function synthesize(words: Words, text: string, format: string): Promise<void> {
  // The studio opens on the Script tab while this origin keeps a script (the 3-line journey's).
  await (await page.role('tab', words.textTab)).click();
  await page.type(await page.label(words.text), text);
  await page.type(await page.label(words.voice), 'en-us');
  await (await page.role('radio', new RegExp(`^${format}`))).click();
  await (await page.role('button', words.synthesize)).click();
  await page.role('region', words.segments);
}

/** Duration known, the waveform drawn, then the position moves after a click on the first segment (a user gesture). */
async function expectPlays(words: Words): Promise<void> {
  const audio = async () =>
    page.script<{ duration: number; currentTime: number; error: number | null }>(
      "const a = document.querySelector('audio'); return { duration: a.duration, currentTime: a.currentTime, error: a.error && a.error.code };",
    );
  await until('a duration', async () => ((await audio()).duration > 0 ? true : undefined));
  await page.role('img', words.waveform);
  const [first] = await page.allByRole('button', undefined, await page.role('region', words.segments));
  await first!.click();
  await until('playback past 0.2 s', async () => ((await audio()).currentTime > 0.2 ? true : undefined), 15_000);
  assert.equal((await audio()).error, null);
  await page.script("document.querySelector('audio').pause()");
}

/**
 * How many takes IndexedDB really holds (the list shows a take before its write finishes). The count is started by
 * one script and read by later ones, so a stalled IndexedDB shows as this wait's timeout, not the script's. A
 * database that is not there yet is not opened (that would make an empty version-1 one under the console's own).
 */
async function storedTakes(): Promise<number> {
  await page.script(`
    window.__storedTakes = undefined;
    indexedDB.databases().then((list) => {
      if (!list.some((d) => d.name === 'console.speech.history')) return (window.__storedTakes = 0);
      const open = indexedDB.open('console.speech.history');
      open.onerror = () => (window.__storedTakes = 0);
      open.onsuccess = () => {
        const db = open.result;
        const count = db.transaction('takes').objectStore('takes').count();
        count.onsuccess = () => ((window.__storedTakes = count.result), db.close());
      };
    });
  `);

  return until(
    'the count of stored takes',
    () => page.script<number | null>('return window.__storedTakes ?? null').then((n) => n ?? undefined),
    5_000,
  );
}

/**
 * The last status the task history's log holds for a task (what a reload will find): its entries replayed in the
 * order written, as the console reads them. Started by one script and read by later ones, as storedTakes.
 */
async function storedLastStatus(id: string): Promise<number | null> {
  await page.script(
    `
    window.__storedStatus = 'pending';
    const open = indexedDB.open('console.tasks.history');
    open.onerror = () => (window.__storedStatus = null);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('log')) return (window.__storedStatus = null), db.close();
      const all = db.transaction('log').objectStore('log').getAll();
      all.onsuccess = () => {
        let record;
        for (const entry of all.result) {
          for (const r of entry.records) if (r.id === arguments[0]) record = r;
          if (entry.gone.includes(arguments[0])) record = undefined;
        }
        const status = record?.changes ? record.changes.at(-2) : record?.snapshot.item?.taskStatus;
        window.__storedStatus = status === undefined || Number.isNaN(status) ? null : status;
        db.close();
      };
    };
  `,
    id,
  );
  return until<number | null>(
    'the stored status',
    // 'pending' until the read ends (WebDriver gives an undefined property back as null).
    () => page.script<number | null | 'pending'>('return window.__storedStatus').then((s) => (s === 'pending' ? undefined : s)),
    5_000,
  );
}

/**
 * Blob-anchor downloads are caught in the page (WebDriver gives no download event): name and bytes. The Blob is
 * taken where its URL is made; the page's CSP (connect-src) rightly keeps fetch() off blob: URLs.
 */
async function catchDownloads(): Promise<void> {
  await page.script(`
    window.__downloads = [];
    const blobs = new Map();
    const createObjectURL = URL.createObjectURL;
    URL.createObjectURL = (blob) => { const url = createObjectURL(blob); blobs.set(url, blob); return url; };
    HTMLAnchorElement.prototype.click = function () {
      const name = this.download;
      const reader = new FileReader();
      reader.onload = () => window.__downloads.push({ name, base64: String(reader.result).split(',')[1] });
      reader.readAsDataURL(blobs.get(this.href));
    };
  `);
}

function caughtDownloads(): Promise<{ name: string; base64: string }[]> {
  return page.script('return window.__downloads ?? [];');
}
