import type { IncomingMessage, ServerResponse } from 'node:http';
// Node's timers (unref), also when a unit test runs this gateway inside jsdom, whose setTimeout returns a number.
import { setTimeout } from 'node:timers';

import type { OperationName } from '#contract';

export type Operation = OperationName;
type CaseContext = { op: Operation; body: unknown; req: IncomingMessage; res: ServerResponse; origin: string };
type Case = (c: CaseContext) => void;
/** One answer per operation: a new operation in the contract fails the typecheck at every case until it has its own. */
type PerOperation<T> = Record<Operation, (c: CaseContext) => T>;
const byOperation =
  <T>(answers: PerOperation<T>) =>
  (c: CaseContext): T =>
    answers[c.op](c);

/** What every payload tries to do; the tests check it never happens. */
const PWN = 'window.__pwned=1;alert(1)';

/** Markup a gateway might put in any string field. */
export const MARKUP = [
  `<script>${PWN}</script>`,
  `<img src=x onerror="${PWN}">`,
  `<svg onload="${PWN}"></svg>`,
  `<a href="javascript:${PWN}">click</a>`,
  `<iframe srcdoc="<script>${PWN}</script>"></iframe>`,
] as const;
export const MARKUP_TEXT = MARKUP.join(' ');

/** Result URLs that must never become a link, an audio source or a download. */
export const UNSAFE_URLS = [
  `javascript:${PWN}`,
  `JaVaScRiPt:${PWN}`,
  ` \u0001\t java\nscript:${PWN}`,
  `data:text/html,<script>${PWN}</script>`,
  'data:audio/wav;base64,UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=',
  'vbscript:msgbox(1)',
  '//evil.example/result.mp4',
  'file:///etc/passwd',
] as const;

/** 10 MB: far above any real answer (100 task items or one synthesis are a few KB). */
const HUGE_BYTES = 10 * 1024 * 1024;
/** How long the stall case holds an answer before it gives one. */
const STALL_MS = 30_000;

const askedIds = (body: unknown): string[] => {
  const b = (body ?? {}) as { taskId?: unknown; taskIds?: unknown };
  const ids = [...(typeof b.taskId === 'string' ? [b.taskId] : []), ...(Array.isArray(b.taskIds) ? b.taskIds : [])];
  return ids.filter((id): id is string => typeof id === 'string');
};
const sourceText = (body: unknown): string => String((body as { sourceText?: unknown } | null)?.sourceText ?? '');

function send(c: CaseContext, status: number, contentType: string, text: string, headers: Record<string, string> = {}): void {
  c.res.writeHead(status, { 'Content-Type': contentType, ...headers }).end(text);
}
const json = (c: CaseContext, value: unknown, status = 200) => send(c, status, 'application/json;charset=UTF-8', JSON.stringify(value));
const ok = (c: CaseContext, data: unknown) => json(c, { code: 0, message: 'OK', data });

/** A well-formed task item: Running at this progress. */
const taskItem = (taskId: string, progress: number) => ({
  taskId,
  taskStatus: 3,
  taskProgress: progress,
  errorCode: 0,
  targetVideoUrl: null,
  updateTime: Date.now(),
});

let takes = 0;
/** A well-formed synthesis result whose audio is this server's short WAV. */
function speechResult(c: CaseContext) {
  const text = sourceText(c.body);
  takes += 1;
  return {
    taskId: `Service_AI_tts_${takes}`,
    targetAudioUrl: `${c.origin}/audio/ok.wav`,
    sourceLanguage: 'en',
    targetLanguage: 'en',
    speeches: [{ index: 0, text, startMs: 0, endMs: 250 }],
    userId: 1,
  };
}

/** The well-behaved answer, with each task at this progress. */
const good =
  (progress: number): Case =>
  (c) =>
    ok(c, byOperation<unknown>({ taskStatus: (x) => askedIds(x.body).map((id) => taskItem(id, progress)), textToSpeech: speechResult })(c));

export function htmlPage(status: number, title: string): Case {
  return (c) =>
    send(
      c,
      status,
      'text/html;charset=UTF-8',
      `<!doctype html><html><head><title>${title}</title><script>${PWN}</script></head><body><h1>${title}</h1><img src=x onerror="${PWN}"></body></html>`,
      status === 429 ? { 'Retry-After': '1' } : {},
    );
}

/** Every string field carries markup; the answer is otherwise valid. */
const markup: Case = byOperation({
  taskStatus: (c) => {
    const items = askedIds(c.body).map((id, i) => ({
      ...taskItem(id, 30),
      taskStatus: i === 0 ? 5 : 3,
      errorCode: i === 0 ? 99999 : 0,
      errorMessage: MARKUP_TEXT,
      message: MARKUP[1],
      html: MARKUP[0],
    }));
    // IDs nobody asked for, made of markup: the console must ignore them, not render them.
    const strays = MARKUP.map((m, i) => ({ ...taskItem(`Service_AI_${m}`, i), targetVideoUrl: `javascript:${PWN}` }));
    json(c, { code: 0, message: MARKUP_TEXT, data: [...items, ...strays] });
  },
  textToSpeech: (c) =>
    json(c, {
      code: 0,
      message: MARKUP_TEXT,
      data: {
        ...speechResult(c),
        taskId: `Service_AI_${MARKUP[1]}`,
        sourceLanguage: MARKUP[0],
        targetLanguage: MARKUP[2],
        userId: MARKUP[3],
        errorMessage: MARKUP_TEXT,
        speeches: [
          { index: 0, text: MARKUP[1], startMs: 0, endMs: 120 },
          { index: 1, text: MARKUP[0], startMs: 120, endMs: 250 },
          { [MARKUP[1]]: MARKUP[2], note: MARKUP[4] },
          MARKUP[3],
        ],
      },
    }),
});

/** Fields the contract does not know, including __proto__, next to valid ones. */
const extraFields: Case = (c) => {
  const extras = { constructor: { prototype: { polluted: true } }, innerHTML: MARKUP[1], errorMessage: MARKUP[0] };
  const data = byOperation<unknown>({
    taskStatus: (x) => askedIds(x.body).map((id) => ({ ...taskItem(id, 40), ...extras })),
    textToSpeech: (x) => ({ ...speechResult(x), ...extras }),
  })(c);
  // Raw text: JSON.stringify would drop the __proto__ key.
  const text = JSON.stringify({ code: 0, message: 'OK', data, trace: MARKUP_TEXT, debug: { stack: MARKUP[0] } }).replace(
    /"innerHTML"/g,
    '"__proto__":{"polluted":true},"innerHTML"',
  );
  send(c, 200, 'application/json', text);
};

/** Valid JSON with one field of the wrong type, per operation. */
function wrongType(taskPatch: Record<string, unknown>, speechPatch: Record<string, unknown>): Case {
  return byOperation({
    taskStatus: (c) =>
      ok(
        c,
        askedIds(c.body).map((id) => ({ ...taskItem(id, 40), ...taskPatch })),
      ),
    textToSpeech: (c) => ok(c, { ...speechResult(c), ...speechPatch }),
  });
}

function huge(declareLength: boolean): Case {
  return (c) => {
    const chunk = Buffer.from(
      MARKUP_TEXT.repeat(Math.ceil(65_536 / MARKUP_TEXT.length))
        .slice(0, 65_536)
        .replace(/"/g, "'"),
    );
    const head = Buffer.from('{"code":2001,"message":"');
    const tail = Buffer.from('","data":null}');
    const chunks = Math.ceil((HUGE_BYTES - head.length - tail.length) / chunk.length);
    const total = head.length + chunks * chunk.length + tail.length;
    c.res.writeHead(200, { 'Content-Type': 'application/json', ...(declareLength ? { 'Content-Length': String(total) } : {}) });
    c.res.write(head);
    let sent = 0;
    const pump = () => {
      while (sent < chunks) {
        sent += 1;
        if (!c.res.write(chunk)) return void c.res.once('drain', pump);
      }
      c.res.end(tail);
    };
    c.res.on('error', () => undefined);
    pump();
  };
}

const stall: Case = (c) => {
  const timer = setTimeout(() => good(50)(c), STALL_MS);
  timer.unref();
  c.res.once('close', () => clearTimeout(timer));
};

const dropBeforeAnswer: Case = (c) => c.req.socket.destroy();

const dropMidAnswer: Case = (c) => {
  c.res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': '4000' });
  c.res.write('{"code":0,"message":"OK","data":[{"taskId":"Service_AI_');
  // Let the headers and first bytes reach the browser, then cut the connection.
  setTimeout(() => c.req.socket.destroy(), 100).unref();
};

/** Finished tasks whose URL is UNSAFE_URLS[n] for an ID ending in _url<n>; IDs ending _safe get an http URL. Speech: the text sent picks n. */
const pickUnsafe = (s: string) => UNSAFE_URLS[Number(/(\d+)$/.exec(s)?.[1] ?? 0) % UNSAFE_URLS.length]!;
const unsafeUrls: Case = byOperation({
  taskStatus: (c) =>
    ok(
      c,
      askedIds(c.body).map((id) => ({
        ...taskItem(id, 100),
        taskStatus: 4,
        targetVideoUrl: id.endsWith('_safe') ? `${c.origin}/video/${id}.mp4` : pickUnsafe(id),
      })),
    ),
  textToSpeech: (c) => ok(c, { ...speechResult(c), targetAudioUrl: pickUnsafe(sourceText(c.body).trim()) }),
});

/** A valid answer whose audio URL serves an HTML page with HTTP 200 (a sign-in wall, a CDN's error page). */
const audioHtml: Case = (c) => ok(c, { ...speechResult(c), targetAudioUrl: `${c.origin}/audio/page.html` });
/** The same page without CORS headers: only proxy mode's audio relay can read it (and serves it as an octet-stream). */
const audioHtmlNoCors: Case = (c) => ok(c, { ...speechResult(c), targetAudioUrl: `${c.origin}/no-cors/page.html` });

/** A case about task items only: these items for the asked IDs, and a well-behaved answer to every other operation. */
const taskItemsOnly = (items: (askedIds: string[]) => unknown[]): Case =>
  byOperation({ taskStatus: (c) => ok(c, items(askedIds(c.body))), textToSpeech: good(0) });

/** Every case by name; 'good' and 'good-later' behave, the rest do not. */
export const hostileCases: Record<string, Case> = {
  good: good(40),
  'good-later': good(70),
  markup,
  'error-markup': (c) => json(c, { code: 99999, message: MARKUP_TEXT, data: null }),
  'extra-fields': extraFields,
  'status-string': wrongType({ taskStatus: '4' }, {}),
  /** The first asked item has a progress of "55" (a string); the rest of the batch is good. */
  'one-bad-item': taskItemsOnly((ids) => ids.map((id, i) => (i === 0 ? { ...taskItem(id, 70), taskProgress: '55' } : taskItem(id, 70)))),
  'progress-out-of-range': taskItemsOnly((ids) => ids.map((id, i) => taskItem(id, i % 2 === 0 ? 500 : -3))),
  'update-time-out-of-range': taskItemsOnly((ids) =>
    ids.map((id, i) => ({ ...taskItem(id, 40), updateTime: [1e16, '99999999999999999999', -1e17][i % 3] })),
  ),
  'task-id-number': wrongType({ taskId: 12345 }, { taskId: 12345 }),
  'audio-url-number': wrongType({}, { targetAudioUrl: 42 }),
  'speeches-string': wrongType({}, { speeches: MARKUP_TEXT }),
  'data-string': (c) => json(c, { code: 0, message: 'OK', data: '[]' }),
  'data-null': (c) => json(c, { code: 0, message: 'OK', data: null }),
  'code-string': (c) => json(c, { code: '0', message: 'OK', data: [] }),
  'not-json': (c) => send(c, 200, 'application/json', `OK <b>${MARKUP[1]}</b>`),
  empty: (c) => send(c, 200, 'application/json', ''),
  'html-200': htmlPage(200, 'Welcome to nginx!'),
  'audio-html-200': audioHtml,
  'audio-html-no-cors': audioHtmlNoCors,
  'html-429': htmlPage(429, '429 Too Many Requests'),
  'html-500': htmlPage(500, '500 Internal Server Error'),
  'html-502': htmlPage(502, '502 Bad Gateway'),
  huge: huge(false),
  'huge-declared': huge(true),
  stall,
  'drop-before-answer': dropBeforeAnswer,
  'drop-mid-answer': dropMidAnswer,
  'unsafe-urls': unsafeUrls,
};
