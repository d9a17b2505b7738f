import { expect, type APIRequestContext, type Page, type Request } from '@playwright/test';
import { operations } from '#contract';
import { seedProfileScript } from '../scripts/lib/seed-profile';

let counter = 0;
/** A user ID no other test uses, so every test sees only its own tasks. */
export function uniqueUserId(): string {
  counter++;
  return `${Date.now() % 1e9}${process.pid % 1000}${counter}`.slice(0, 18);
}

/** Seed the active connection profile (and the 2 s poll interval) before any page script runs. */
export async function seedConsole(page: Page, userId: string, intervalMs = 2_000): Promise<void> {
  await page.addInitScript(seedProfileScript(userId, { 'console.tasks.settings': { intervalMs } }));
}

type Outcome = 'finished' | 'failed' | 'aborted' | 'mixed';

export async function createTasks(
  request: APIRequestContext,
  userId: string,
  count: number,
  durationMs: number,
  outcome: Outcome = 'finished',
  baseURL = '',
): Promise<string[]> {
  const res = await request.post(`${baseURL}/api/_emulator/tasks`, {
    headers: { 'X-User-Id': userId },
    data: { count, durationMs, outcome },
  });
  const body = (await res.json()) as { code: number; data: { taskIds: string[] } | null };
  if (body.code !== 0 || !body.data) throw new Error(`emulator refused: ${JSON.stringify(body)}`);
  return body.data.taskIds;
}

/**
 * Ends these tasks now, each as its outcome says (the emulator's end control, docs/operations.md): a journey that
 * needs tasks live at first and ended later gives them long lives and ends them when it is ready, instead of
 * waiting out a life long enough for a busy machine.
 */
export async function endTasks(request: APIRequestContext, userId: string, taskIds: readonly string[], baseURL = ''): Promise<string[]> {
  const res = await request.post(`${baseURL}/api/_emulator/tasks/end`, { headers: { 'X-User-Id': userId }, data: { taskIds } });
  const body = (await res.json()) as { code: number; data: { ended: string[] } | null };
  if (body.code !== 0 || !body.data) throw new Error(`emulator refused: ${JSON.stringify(body)}`);
  return body.data.ended;
}

type StatusCall = { at: number; ids: string[] };

// The shell's connection check asks for this one ID; it is not the dashboard's poller.
const CONNECTION_CHECK_ID = 'Service_AI_connection_check';

/**
 * Makes the console start its status worker as a dedicated worker, its fallback for browsers without SharedWorker:
 * Playwright neither sees nor routes a shared worker's requests (page or context), so a test that counts or fakes the
 * poller's requests runs the poller there. Before the first goto (an init script).
 */
export async function pollInDedicatedWorker(page: Page): Promise<void> {
  await page.addInitScript(() => void Reflect.deleteProperty(window, 'SharedWorker'));
}

/** Every taskStatus request the dashboard sends, with the IDs it asked for (the poller in a dedicated worker, see above). */
export async function recordStatusCalls(page: Page): Promise<StatusCall[]> {
  await pollInDedicatedWorker(page);
  const calls: StatusCall[] = [];
  page.on('request', (req: Request) => {
    if (!req.url().includes(operations.taskStatus.path)) return;
    const body = req.postDataJSON() as { taskIds?: string[] };
    if (body.taskIds?.length === 1 && body.taskIds[0] === CONNECTION_CHECK_ID) return;
    calls.push({ at: Date.now(), ids: body.taskIds ?? [] });
  });
  return calls;
}

/** Group calls into poll cycles: a cycle's batches leave together, cycles are ≥ 1 s apart at the 2 s interval. */
export function cycles(calls: readonly StatusCall[], gapMs = 700): StatusCall[][] {
  const out: StatusCall[][] = [];
  for (const call of calls) {
    const last = out.at(-1);
    if (last && call.at - last.at(-1)!.at < gapMs) last.push(call);
    else out.push([call]);
  }
  return out;
}

export async function pasteIds(page: Page, text: string): Promise<void> {
  await page.getByLabel('Task IDs').fill(text);
  await page.getByRole('button', { name: 'Add to watch list' }).click();
}

/** A new user's `count` emulated tasks, pasted into the console's watch list on /tasks: their IDs. */
export async function watchNewTasks(page: Page, request: APIRequestContext, count: number, durationMs = 1_000): Promise<string[]> {
  const user = uniqueUserId();
  const ids = await createTasks(request, user, count, durationMs, 'finished');
  await seedConsole(page, user);
  await page.goto('/tasks');
  await pasteIds(page, ids.join('\n'));
  return ids;
}

export async function setTabHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((h) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  }, hidden);
}

/** A share link as the console makes it: IDs newline-joined, deflate-raw, base64url, in the fragment. */
export async function shareLinkOf(page: Page, ids: readonly string[]): Promise<string> {
  return page.evaluate(async (list) => {
    const stream = new Blob([list.join('\n')]).stream().pipeThrough(new CompressionStream('deflate-raw'));
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    let binary = '';
    for (const b of bytes) binary += String.fromCharCode(b);
    return `/tasks#ids=${btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`;
  }, ids);
}

/** Each task's error code, as the gateway says once it has ended. */
async function errorCodes(request: APIRequestContext, user: string, ids: readonly string[]): Promise<Map<string, number>> {
  const res = await request.post(`/api${operations.taskStatus.path}`, { headers: { 'X-User-Id': user }, data: { taskIds: ids } });
  const body = (await res.json()) as { data: Array<{ taskId: string; taskStatus: number; errorCode: number }> };
  return new Map(body.data.map((i) => [i.taskId, i.taskStatus === 5 ? i.errorCode : -1]));
}

/** Failed tasks (the emulator picks each one's code: 3001, 3002 or 3003) until some failed with 3002 and some did not, and finished ones. */
async function failedWithCodes(request: APIRequestContext, user: string) {
  const failed: string[] = [];
  let codes = new Map<string, number>();
  for (let round = 0; round < 5; round++) {
    failed.push(...(await createTasks(request, user, 6, 600, 'failed')));
    await expect.poll(async () => [...(codes = await errorCodes(request, user, failed)).values()].every((c) => c > 0)).toBe(true);
    const with3002 = failed.filter((id) => codes.get(id) === 3002);
    if (with3002.length > 0 && with3002.length < failed.length) break;
  }
  const finished = await createTasks(request, user, 3, 600, 'finished');
  return { failed, finished, with3002: failed.filter((id) => codes.get(id) === 3002) };
}

/** A new user's console watching failedWithCodes' tasks, once all have ended (3 finished, the rest failed). */
export async function watchFailedWithCodes(page: Page, request: APIRequestContext) {
  const user = uniqueUserId();
  const { failed, finished, with3002 } = await failedWithCodes(request, user);
  const total = failed.length + finished.length;
  await seedConsole(page, user);
  await page.goto('/tasks');
  await pasteIds(page, [...failed, ...finished].join('\n'));
  await expect(page.getByText(`3 of ${total} finished · ${failed.length} failed`)).toBeVisible({ timeout: 15_000 });
  return { user, failed, finished, total, with3002 };
}

/**
 * Fakes the proxy's own answer to the status check, as server/proxy/gateway-proxy.ts writes it when the gateway is
 * unreachable: a 502 marked as the console's server's (consoleFailure). The poller must run in a dedicated worker.
 */
export async function answerStatusAsUnreachableProxy(page: Page): Promise<void> {
  await page.route('**/textRemoval/taskStatus', (route) =>
    route.fulfill({
      status: 502,
      json: {
        code: 502,
        message: 'Gateway unreachable: ECONNREFUSED',
        data: null,
        consoleFailure: { reason: 'unreachable', error: 'ECONNREFUSED' },
      },
    }),
  );
}
