// npm run bench:speech-abandon — issue 31: clients that leave long syntheses must not hurt the next
// caller. Each round: 24 clients (user IDs 9100–9123) ask for slow speech, hang up after
// ABANDON_MS, and user 9999 asks for a short one at once; reports that user's answer code and
// latency. A 429 ("busy": the server may not have seen every hang-up yet) is asked again after its
// Retry-After, at most RETRIES times; the latency counts from the first ask. Rounds start 3 s apart
// on one embedded-gateway server. Bounded: each request has a timeout.
import { startBenchServer } from './lib/start-server';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 24);
const ABANDON_MS = Number(process.env.BENCH_ABANDON_MS ?? 1500);
const FORMAT = process.env.BENCH_FORMAT ?? 'wav';
const TIMEOUT_MS = 150_000;
const RETRIES = 5;
const LONG = 'Slow speech fills the queue. '.repeat(172);

const { base, stop } = await startBenchServer('bench-abandon-', { GATEWAY_TOKENS: 'dev-token', ...envFromBase() });
const url = `${base}/api/speechSynthesis/textToSpeech`;

function envFromBase(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of ['SPEECH_QUEUE_PER_USER', 'SPEECH_QUEUE_TOTAL', 'SPEECH_QUEUE_PER_CALLER'])
    if (process.env[key]) env[key] = process.env[key]!;
  return env;
}

const post = (userId: number, body: object, signal: AbortSignal) =>
  fetch(url, {
    method: 'POST',
    headers: { Authorization: 'Bearer dev-token', 'X-User-Id': String(userId), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });

const rows: { round: number; code: number | string; first: number | string; ms: number }[] = [];

/** User 9999's short synthesis: the first answer's code, the last one's, and how many asks. */
async function otherUser(): Promise<{ first: number | string; code: number | string; asks: number }> {
  let first: number | string | undefined;
  for (let asks = 1; ; asks++) {
    let code: number | string;
    let retryAfter = 1;
    try {
      const res = await post(9999, { sourceText: 'Short and quick.', voiceName: 'en-us' }, AbortSignal.timeout(TIMEOUT_MS));
      retryAfter = Number(res.headers.get('Retry-After') ?? 1) || 1;
      code = ((await res.json()) as { code: number }).code;
    } catch (e) {
      code = e instanceof Error ? e.name : 'error';
    }
    first ??= code;
    if (code !== 429 || asks > RETRIES) return { first, code, asks };
    await new Promise((r) => setTimeout(r, retryAfter * 1000));
  }
}
try {
  for (let round = 0; round < ROUNDS; round++) {
    const leave = new AbortController();
    const abandoned = Array.from({ length: CLIENTS }, (_, i) =>
      post(9100 + i, { sourceText: LONG, voiceName: 'en-us', speedFactor: 0.5, format: FORMAT }, leave.signal)
        .then((r) => r.status)
        .catch(() => 'left'),
    );
    await new Promise((r) => setTimeout(r, ABANDON_MS));
    leave.abort();
    await Promise.all(abandoned);
    const t = performance.now();
    const { first, code, asks } = await otherUser();
    const ms = Math.round(performance.now() - t);
    rows.push({ round, code, first, ms });
    console.log(`round ${round}: user 9999 got code ${code} in ${ms} ms (${asks} ask${asks > 1 ? 's' : ''}, first answer ${first})`);
    await new Promise((r) => setTimeout(r, 3000));
  }
} finally {
  await stop();
}
const served = rows
  .filter((r) => r.code === 0)
  .map((r) => r.ms)
  .sort((a, b) => a - b);
console.log(
  `other user after abandonments: ${served.length}/${rows.length} served, ${rows.filter((r) => r.first === 0).length} at the first ask; ` +
    (served.length ? `median ${served[Math.floor(served.length / 2)]} ms, max ${served.at(-1)} ms` : 'none served'),
);
