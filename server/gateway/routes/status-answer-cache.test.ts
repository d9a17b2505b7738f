import { describe, expect, it } from 'vitest';
import { StatusAnswerCache, type AnswerConditions } from './status-answer-cache';

const body = (n: number) => new TextEncoder().encode(JSON.stringify({ taskIds: [`Service_AI_${n}`] }));
const version = { created: 1, deleted: 1 };
const always: AnswerConditions = { from: 0, until: Infinity, origin: undefined, deleted: 1, created: undefined };
const origin = () => 'http://localhost';
const text = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : new TextDecoder().decode(bytes));

describe('StatusAnswerCache', () => {
  it('keeps the 256 answers stored last', () => {
    const cache = new StatusAnswerCache();
    for (let n = 0; n < 300; n++) cache.set('1', body(n), `answer ${n}`, always);
    expect(cache.get('1', body(43), 5, version, origin)).toBeUndefined();
    expect(text(cache.get('1', body(44), 5, version, origin))).toBe('answer 44');
    expect(text(cache.get('1', body(299), 5, version, origin))).toBe('answer 299');
  });

  it('answers only the same user, bytes, time window, counters and origin', () => {
    const cache = new StatusAnswerCache();
    cache.set('1', body(1), 'a', { from: 100, until: 200, origin: 'http://localhost', deleted: 1, created: 1 });
    expect(text(cache.get('1', body(1), 150.5, version, origin))).toBe('a');
    expect(cache.get('2', body(1), 150, version, origin)).toBeUndefined();
    expect(cache.get('1', body(2), 150, version, origin)).toBeUndefined();
    expect(cache.get('1', body(1), 99, version, origin)).toBeUndefined();
    expect(cache.get('1', body(1), 200, version, origin)).toBeUndefined();
    expect(cache.get('1', body(1), 150, { created: 1, deleted: 2 }, origin)).toBeUndefined();
    expect(cache.get('1', body(1), 150, { created: 2, deleted: 1 }, origin)).toBeUndefined();
    expect(cache.get('1', body(1), 150, version, () => 'http://elsewhere')).toBeUndefined();
  });
});
