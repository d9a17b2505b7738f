import type { Hono } from 'hono';

type HeaderList = ReadonlyArray<readonly [string, string]>;
/** A body is made fresh per request: streams can be read only once. */
export type BodyMaker = () => BodyInit | null;
type FuzzRequest = { method: string; path: string; headers: HeaderList; body?: BodyMaker };
type EnvelopeJson = { code: number; message: string; data: unknown };
/** What a case must answer: one code and HTTP status, or (for random JSON) any of some codes. */
export type Expected = { codes: readonly number[]; status: number };

/** Counts across the whole fuzz run, printed once at the end. */
export const fuzzStats = { requests: 0, classes: new Map<string, number>() };

/** Send one request with app.request(); repeated header names are appended, as Node joins them ("1, 2"). */
export function send(api: Hono, caseClass: string, request: FuzzRequest): Promise<Response> {
  const headers = new Headers();
  for (const [name, value] of request.headers) headers.append(name, value);
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers };
  const body = request.body?.() ?? null;
  if (body !== null) {
    init.body = body;
    if (body instanceof ReadableStream) init.duplex = 'half';
  }
  fuzzStats.requests += 1;
  fuzzStats.classes.set(caseClass, (fuzzStats.classes.get(caseClass) ?? 0) + 1);
  return Promise.resolve(api.request(request.path, init));
}

/** Every answer is the JSON envelope, never a 5xx, never HTML; data is null whenever code != 0. */
export async function readEnvelope(res: Response): Promise<{ envelope: EnvelopeJson; text: string }> {
  const text = await res.text();
  const where = `HTTP ${res.status} ${text.slice(0, 200)}`;
  if (res.status >= 500) throw new Error(`server error: ${where}`);
  if (!/^application\/json/i.test(res.headers.get('Content-Type') ?? '')) throw new Error(`not JSON: ${where}`);
  if (/^\s*</.test(text)) throw new Error(`HTML page: ${where}`);
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`not an object: ${where}`);
  const { code, message, data } = value as Record<string, unknown>;
  if (typeof code !== 'number' || !Number.isInteger(code)) throw new Error(`code is not an integer: ${where}`);
  if (typeof message !== 'string') throw new Error(`message is not a string: ${where}`);
  if (!('data' in value)) throw new Error(`no data field: ${where}`);
  if (code !== 0 && data !== null) throw new Error(`failure with data: ${where}`);
  return { envelope: { code, message, data }, text };
}

export async function expectAnswer(res: Response, expected: Expected): Promise<{ envelope: EnvelopeJson; text: string }> {
  const read = await readEnvelope(res);
  if (res.status !== expected.status || !expected.codes.includes(read.envelope.code)) {
    throw new Error(
      `expected code ${expected.codes.join('|')} / HTTP ${expected.status}, got ${read.envelope.code} / HTTP ${res.status}: ${read.envelope.message.slice(0, 200)}`,
    );
  }
  return read;
}

export const answer = (code: number, status = 200): Expected => ({ codes: [code], status });
