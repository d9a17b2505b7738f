import { TASK_ID_PREFIX } from '@/contract';
import { createSlicer, type SliceOptions } from '@/lib/slicer';

/** Longer tokens with the prefix are not taken as IDs (the import report names the limit). */
export const MAX_TASK_ID_LENGTH = 128;

/** Why a token was left out; the import report words each reason (tasks.report.reason.*). */
export type IgnoreReason = 'duplicate' | 'wrong-prefix' | 'prefix-only' | 'too-long' | 'not-an-id';

type IgnoredGroup = { reason: IgnoreReason; count: number; examples: string[] };
export type Extraction = { ids: string[]; ignored: IgnoredGroup[] };

const MAX_EXAMPLES = 5;
// Anything that is not a letter, digit, '_' or '-' separates tokens, so JSON, CSV, logs, URLs
// and key=value pairs need no format detection.
const TOKEN = /[A-Za-z0-9_-]+/g;
const LOOKS_LIKE_PREFIX = /service[_-]?ai/i;

function classify(token: string): IgnoreReason | null {
  if (token === TASK_ID_PREFIX) return 'prefix-only';
  if (token.startsWith(TASK_ID_PREFIX)) return token.length > MAX_TASK_ID_LENGTH ? 'too-long' : null;
  return LOOKS_LIKE_PREFIX.test(token) ? 'wrong-prefix' : 'not-an-id';
}

/** Takes tokens one at a time: the plain and the sliced extraction share it, so both give the same answer. */
function createExtraction() {
  const ids = new Set<string>();
  const ignored = new Map<IgnoreReason, IgnoredGroup>();
  const ignore = (reason: IgnoreReason, token: string) => {
    const group = ignored.get(reason) ?? { reason, count: 0, examples: [] };
    group.count++;
    if (group.examples.length < MAX_EXAMPLES && !group.examples.includes(token)) group.examples.push(token);
    ignored.set(reason, group);
  };
  return {
    take(token: string) {
      const reason = classify(token);
      if (reason) ignore(reason, token.length > 60 ? `${token.slice(0, 57)}…` : token);
      else if (ids.has(token)) ignore('duplicate', token);
      else ids.add(token);
    },
    result: (): Extraction => ({ ids: [...ids], ignored: [...ignored.values()] }),
  };
}

/** Service_AI task IDs from any pasted text or file, in first-seen order, with what was left out and why. */
export function extractTaskIds(text: string): Extraction {
  const extraction = createExtraction();
  for (const [token] of text.matchAll(TOKEN)) extraction.take(token);
  return extraction.result();
}

/** extractTaskIds in slices, yielding to the browser between them (a 4 MB paste takes ~0.5 s); onProgress gets 0..1. */
export async function extractTaskIdsInSlices(
  text: string,
  onProgress?: (done: number) => void,
  options?: SliceOptions,
): Promise<Extraction> {
  const extraction = createExtraction();
  const slicer = createSlicer(options);
  const token = new RegExp(TOKEN.source, 'g');
  for (let match = token.exec(text); match; match = token.exec(text)) {
    extraction.take(match[0]);
    if (slicer.due()) {
      onProgress?.(token.lastIndex / text.length);
      await slicer.pause();
    }
  }
  return extraction.result();
}
