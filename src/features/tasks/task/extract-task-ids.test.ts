import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { extractTaskIds, extractTaskIdsInSlices } from './extract-task-ids';

const A = 'Service_AI_mhx1_0a1b2c';
const B = 'Service_AI_mhx2_3d4e5f';
const C = 'Service_AI-legacy-77';

const reasons = (text: string) => Object.fromEntries(extractTaskIds(text).ignored.map((g) => [g.reason, g.count]));

describe('extractTaskIds', () => {
  it.each([
    ['newlines', `${A}\n${B}\r\n${C}\n`],
    ['commas', `${A},${B} , ${C}`],
    ['spaces and tabs', `${A} ${B}\t${C}`],
    ['a JSON array', JSON.stringify([A, B, C])],
    ['JSON objects', JSON.stringify({ tasks: [{ taskId: A }, { taskId: B, nested: { id: C } }] })],
    ['semicolons and quotes', `'${A}';"${B}";\`${C}\``],
  ])('reads IDs separated by %s', (_shape, text) => {
    expect(extractTaskIds(text).ids).toEqual([A, B, C]);
  });

  it('reads the ID column of a CSV file and reports the other cells', () => {
    const csv = `taskId,status,progress\n${A},3,40\n"${B}",4,100\n`;
    const result = extractTaskIds(csv);
    expect(result.ids).toEqual([A, B]);
    expect(reasons(csv)).toEqual({ 'not-an-id': 7 });
  });

  it('finds IDs inside log lines, key=value pairs and URLs', () => {
    const log = [
      `2026-11-22T10:00:01Z INFO created task=${A} user=1001`,
      `[worker-3] taskId:${B} status=RUNNING`,
      `GET /files/video/${C}?sig=abc`,
    ].join('\n');
    expect(extractTaskIds(log).ids).toEqual([A, B, C]);
  });

  it('drops duplicates and keeps first-seen order', () => {
    const result = extractTaskIds(`${B}\n${A}\n${B}\n${B}\n${A}`);
    expect(result.ids).toEqual([B, A]);
    expect(result.ignored).toEqual([{ reason: 'duplicate', count: 3, examples: [B, A] }]);
  });

  it('reports wrong prefixes, a bare prefix and over-long IDs', () => {
    const text = `service_ai_1 SERVICE_AI_2 ServiceAI_3 Service-AI_4 Service_AI ${'Service_AI_' + 'x'.repeat(200)} ${A}`;
    expect(extractTaskIds(text).ids).toEqual([A]);
    expect(reasons(text)).toEqual({ 'wrong-prefix': 4, 'prefix-only': 1, 'too-long': 1 });
  });

  it('keeps examples short and at most five per reason', () => {
    const junk = Array.from({ length: 20 }, (_, i) => `word${i}`).join(' ');
    const [group] = extractTaskIds(junk).ignored;
    expect(group).toMatchObject({ reason: 'not-an-id', count: 20 });
    expect(group!.examples).toHaveLength(5);
  });

  it('returns nothing for empty or junk-only input', () => {
    expect(extractTaskIds('')).toEqual({ ids: [], ignored: [] });
    expect(extractTaskIds('  ,,, \n\t [] {} ').ids).toEqual([]);
  });
});

describe('extractTaskIdsInSlices', () => {
  const words = [A, B, C, 'Service_AI', 'service_ai_9', 'status', '42', `Service_AI_${'y'.repeat(130)}`, 'Service_AI_z1'];
  const separators = ['\n', ',', ' ', '\t', '","', ';'];
  const text = fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...words), fc.stringMatching(/^Service_AI_[a-z0-9]{1,6}$/)), fc.constantFrom(...separators)), {
      maxLength: 3000,
      size: 'max',
    })
    .map((parts) => parts.map(([w, s]) => w + s).join(''));

  it('gives the same answer as extractTaskIds on random input, pausing between slices', async () => {
    await fc.assert(
      fc.asyncProperty(text, async (input) => {
        let pauses = 0;
        const sliced = await extractTaskIdsInSlices(input, undefined, { sliceMs: 0, pause: async () => void pauses++ });
        expect(sliced).toEqual(extractTaskIds(input));
        expect(pauses).toBe(Math.floor((input.match(/[A-Za-z0-9_-]+/g)?.length ?? 0) / 1024));
      }),
      { numRuns: 40 },
    );
  });

  it('reports progress from the start of the text towards its end', async () => {
    const ids = Array.from({ length: 5000 }, (_, i) => `Service_AI_p${i}`);
    const seen: number[] = [];
    const result = await extractTaskIdsInSlices(ids.join('\n'), (done) => seen.push(done), { sliceMs: 0, pause: async () => {} });
    expect(result.ids).toEqual(ids);
    expect(seen).toHaveLength(4);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen[0]).toBeGreaterThan(0);
    expect(seen.at(-1)).toBeLessThan(1);
  });
});
