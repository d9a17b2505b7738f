// npx tsx scripts/bench/script-zip.ts — time and peak memory of the Script tab's "Download all
// (zip)" for 50 takes: real WAVs from the embedded gateway (eSpeak NG), zipped by the same code the
// zip worker runs (src/features/speech/script/zip/script-zip.ts), loudness off and at -16 LUFS. Each run
// is a fresh child process, so its peak RSS is its own. Bounded: 50 syntheses, 3 runs per mode.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TAKES = Number(process.env.BENCH_TAKES ?? 50);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SENTENCE = 'Line {n} of the script, read at a steady pace so that the take lasts a few seconds.';

if (process.argv[2] === 'child') await child(process.argv[3]!, process.argv[4] === 'off' ? null : Number(process.argv[4]));
else await parent();

async function parent(): Promise<void> {
  const { startBenchServer } = await import('../lib/start-server');
  const dir = mkdtempSync(join(tmpdir(), 'bench-script-zip-'));
  const { base, stop } = await startBenchServer('bench-script-zip-', { GATEWAY_TOKENS: 'dev-token' });
  try {
    const headers = { 'Content-Type': 'application/json', Authorization: 'Bearer dev-token', 'X-User-Id': '900000002' };
    let bytes = 0;
    for (let n = 1; n <= TAKES; n++) {
      const body = JSON.stringify({
        sourceText: SENTENCE.replace('{n}', String(n)),
        voiceName: n % 2 ? 'en-us' : 'en-us+f2',
        format: 'wav',
      });
      const answer = (await (await fetch(`${base}/api/speechSynthesis/textToSpeech`, { method: 'POST', headers, body })).json()) as {
        data: { taskId: string; targetAudioUrl: string; speeches?: unknown[] };
      };
      const audio = new Uint8Array(await (await fetch(new URL(answer.data.targetAudioUrl, base))).arrayBuffer());
      bytes += audio.byteLength;
      writeFileSync(join(dir, `${String(n).padStart(3, '0')}.wav`), audio);
      writeFileSync(join(dir, `${String(n).padStart(3, '0')}.json`), JSON.stringify(answer.data));
    }
    console.log(`${TAKES} WAV takes from the embedded gateway: ${(bytes / 1e6).toFixed(2)} MB`);
  } finally {
    await stop();
  }
  for (const mode of ['off', '-16']) {
    const runs: { ms: number; peakMb: number; zipMb: number }[] = [];
    for (let r = 0; r < RUNS; r++) {
      const out = execFileSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/bench/script-zip.ts', 'child', dir, mode], {
        encoding: 'utf8',
      });
      runs.push(JSON.parse(out.trim().split('\n').at(-1)!) as { ms: number; peakMb: number; zipMb: number });
    }
    const ms = runs.map((r) => Math.round(r.ms)).join(', ');
    const peak = runs.map((r) => r.peakMb.toFixed(0)).join(', ');
    console.log(
      `loudness ${mode === 'off' ? 'off' : `${mode} LUFS`}: ${ms} ms; peak RSS above the loaded takes +${peak} MB; zip ${runs[0]!.zipMb.toFixed(2)} MB`,
    );
  }
  rmSync(dir, { recursive: true, force: true });
}

async function child(dir: string, target: number | null): Promise<void> {
  // The model reaches the message store, whose catalogs are a Vite virtual module: an empty one here.
  register(
    `data:text/javascript,${encodeURIComponent(
      `export async function resolve(s, c, next) { return s === 'virtual:catalogs' ? { url: 'data:text/javascript,export default {}', shortCircuit: true } : next(s, c); }`,
    )}`,
  );
  const { makeScriptZip } = await import('../../src/features/speech/script/zip/script-zip');
  const { takeCues } = await import('../../src/features/speech/subtitles/subtitle-cues');
  const names = readdirSync(dir)
    .filter((f) => f.endsWith('.wav'))
    .sort();
  const takes = names.map((name, i) => {
    const data = JSON.parse(readFileSync(join(dir, name.replace('.wav', '.json')), 'utf8')) as { taskId: string; speeches?: unknown[] };
    const audio = new Blob([readFileSync(join(dir, name))], { type: 'audio/wav' });
    const text = SENTENCE.replace('{n}', String(i + 1));
    return {
      line: i + 2,
      audio,
      format: 'wav' as const,
      pcmFormat: { sampleRate: 22050, channels: 1, bitsPerSample: 16 },
      textSent: text,
      request: { sourceText: text, voiceName: 'en-us', format: 'wav' as const },
      durationMs: null,
      taskId: data.taskId,
      cues: takeCues({ speeches: data.speeches, text, durationMs: 0 }).cues,
    };
  });
  global.gc?.();
  const before = process.resourceUsage().maxRSS;
  const started = performance.now();
  const zip = await makeScriptZip({ takes, targetLufs: target });
  const ms = performance.now() - started;
  const peakMb = (process.resourceUsage().maxRSS - before) / 1024;
  console.log(JSON.stringify({ ms, peakMb, zipMb: zip.size / 1e6 }));
}
