import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { precompressAssets } from './server/build/precompress-assets.ts';
import { catalogs } from './src/i18n/vite-plugin-catalogs.ts';

// The tasks feature is laid out by concept (no model/ folder): its pure-logic tests are named by folder and file.
const TASKS_LOGIC_TESTS = [
  'src/features/tasks/{task,rows,query/language}/*.test.ts',
  'src/features/tasks/history/{task-history,batch-series,measure-cost}.test.ts',
  'src/features/tasks/{status-worker/{batch-ids,merge-board},polling/{poll-schedule,poll-pace}}.test.ts',
  'src/features/tasks/{query/row-filter,query/worker/list-search,query/query-url,views/{view-link,view-counts},shared-links/share-codec,overview/{batch-estimate,count-axis,flow-chart-data,throughput-data}}.test.ts',
];
/** Tests of the browser code's pure logic, run without a DOM (the `logic` project). */
// The speech feature is laid out by concept (no model/ folder): its pure-function tests, which need no DOM, are named here.
const SPEECH_NODE_TESTS = [
  'audio/{pcm-to-wav,join-audio}',
  'loudness/{loudness,loudness-espeak,true-peak-limiter,normalize-wav,normalize-limiter,take-loudness,normalize-loaded-take,mp3-normalize}',
  'long-text/{split-text,merge-segments}',
  'lexicon/{lexicon,lexicon-bounded,lexicon-property}',
  'lexicon/files/{lexicon-csv-delimiter,lexicon-files,lexicon-pls-xml,lexicon-reader-bounds,parse-delimited}',
  'request/gateway-field',
  'form/{speech-labels,voice-sample}',
  'history/take-diff',
  'player/waveform-peaks',
  'parts/redo-part',
  'subtitles/{subtitle-file,subtitles}',
  'result/{curl-command,result-user-id}',
  'script/zip/{build-zip,script-zip}',
  'script/import/{import-script,decode-script-file,safe-file-name}',
  'script/queue/{script-queue,script-queue-property,retry-delay,synthesis-outcome,line-request}',
].map((tests) => `src/features/speech/${tests}.test.ts`);
const NODE_UNIT_TESTS = ['src/**/model/**/*.test.ts', 'src/contract/**/*.test.ts', ...TASKS_LOGIC_TESTS, ...SPEECH_NODE_TESTS];

export default defineConfig({
  // catalogs(): each locale's messages (src/i18n/catalogs, src/features/*/messages) split by namespace into lazy
  // chunks (src/i18n/vite-plugin-catalogs.ts).
  plugins: [react(), precompressAssets(), catalogs(fileURLToPath(new URL('./src', import.meta.url)))],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // The status worker (src/features/tasks/status-worker/task-status.worker.ts) as an ES module worker, like the page's own chunks.
  // Workers get the catalogs plugin too: the script zip's and the loudness worker reach i18n-store through wav-layout.ts
  // (WAV header errors are worded through the catalogs; the messages stay lazy chunks, never loaded there).
  worker: { format: 'es', plugins: () => [catalogs(fileURLToPath(new URL('./src', import.meta.url)))] },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    // Every browser the console targets supports modulepreload: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Everything the first page needs statically goes into one file: one request, and one gzip
      // stream compresses better than six small ones (about 2 KB less on the Tasks page's budget).
      output: { codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] } },
    },
  },
  test: {
    // Vitest's default leaves a core idle (workers = cores - 1): on the 2-core CI machine that is one
    // worker, and the unit half took 246 s instead of 153 s. Tests wait on events, not time, so a
    // busy core changes nothing but the wall time.
    maxWorkers: availableParallelism(),
    // A time limit is not an assertion: on a loaded 2-core machine the property tests (row-filter, the settings
    // store's schema) took 5–8.4 s and failed Vitest's 5 s default, with nothing wrong (a run beside other agents).
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'browser-unit',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: NODE_UNIT_TESTS,
          environment: 'jsdom',
          // Each file in its own VM context, jsdom loaded once per worker: building jsdom afresh for each of
          // 112 files took 90 of this project's 93 s on the 2-core CI machine (vmThreads: 29 s in all).
          // The window's gaps this leaves (Web Streams, performance.mark) are filled in setup-tests.ts.
          pool: 'vmThreads',
          setupFiles: ['src/testing/setup-tests.ts'],
        },
      },
      {
        extends: true,
        // The browser code's pure logic (models, the contract): no DOM, so no jsdom to set up per file.
        test: {
          name: 'logic',
          include: NODE_UNIT_TESTS,
          environment: 'node',
          // Worker threads, not Vitest's default child processes: a thread per file starts faster, and these files
          // only compute (none changes the process: no chdir, signals, exit, or process-wide memory figures).
          pool: 'threads',
          // One module graph per worker, not one per file: these files import pure modules and keep no state between
          // tests, so re-importing them for each of 67 files was most of the project's CPU (44 → 18 CPU s).
          isolate: false,
          setupFiles: ['src/testing/setup-logic-tests.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          // Every temp directory of the run under one, removed at its end (server/testing/vitest-temp-dir.ts); the
          // server bundled once for the tests that spawn it (server/testing/vitest-server-bundle.ts).
          globalSetup: ['server/testing/vitest-temp-dir.ts', 'server/testing/vitest-server-bundle.ts'],
          // One module graph per worker process, not one per file: re-importing the gateway for each of 93 files was a
          // third of the project's CPU (about 90 → 59 CPU s). Workers stay child processes (forks), so a file's
          // process-wide figures (RSS, signals, exit codes of what it spawns) are its worker's alone. The one piece of
          // global state a file leaves, @hono/node-server's Request and Response, is put back before each file.
          isolate: false,
          setupFiles: ['server/testing/vitest-pristine-globals.ts'],
        },
      },
      {
        extends: true,
        // Tests of the repository's own checks (scripts/check-*.mjs): plain Node, no DOM.
        test: { name: 'scripts', include: ['scripts/**/*.test.ts'], environment: 'node' },
      },
    ],
  },
});
