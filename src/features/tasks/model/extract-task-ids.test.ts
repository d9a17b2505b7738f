import { describe, expect, it } from 'vitest';
import { extractTaskIds } from './extract-task-ids';

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
