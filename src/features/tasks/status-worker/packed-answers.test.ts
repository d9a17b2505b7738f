import { describe, expect, it } from 'vitest';
import type { TaskStatusItem } from '@/contract';
import { item } from '../testing/snapshots';
import { checkedLink, LINK_AS_GIVEN } from './checked-link';
import { mergeBoard } from './merge-board';
import { answerPlaces, createAnswerPacker, joinPacked, packAnswers, packedItem } from './packed-answers';
import { EMPTY_BOARD } from '../task/task-snapshot';

const asked = ['Service_AI_a', 'Service_AI_b', 'Service_AI_c', 'Service_AI_d'];
/** Odd values included: progress out of range and not whole, a time in seconds, a link refused, one given. */
const answers: TaskStatusItem[] = [
  item('Service_AI_a', 3, { taskProgress: 37.5, updateTime: 1_764_870_000_123 }),
  item('Service_AI_b', 4, { targetVideoUrl: 'https://cdn.example/b.mp4' }),
  item('Service_AI_c', 5, { errorCode: 3002, taskProgress: 150, updateTime: 1_764_870_000 }),
  item('Service_AI_d', 4, { targetVideoUrl: 'javascript:alert(1)' }),
];
const read = (packed: ReturnType<typeof packAnswers>, ids: readonly string[]) =>
  Array.from(packed.at, (p, j) => packedItem(packed, j, ids[p]!));

describe('packed answers (the status worker to the page, issue 38)', () => {
  it('keep every field of every answer, named by its place among the asked IDs, and survive a structured clone', () => {
    const packed = structuredClone(packAnswers(asked, answers, checkedLink));
    // Buffers, not an object per answer (this test's realm and the clone's differ: the tag, not instanceof).
    expect(Object.prototype.toString.call(packed.taskStatus)).toBe('[object Float64Array]');
    expect(read(packed, asked)).toEqual(answers);
    expect(packed.links).toEqual([null, LINK_AS_GIVEN, null, null]);
  });

  it('leave out an answer for an ID nobody asked for; of two answers for one ID the board keeps the last', () => {
    const packed = packAnswers(
      ['Service_AI_a', 'Service_AI_b'],
      [item('Service_AI_zz', 4), item('Service_AI_a', 3, { taskProgress: 10 }), item('Service_AI_a', 3, { taskProgress: 20 })],
      checkedLink,
    );
    expect(Array.from(packed.at)).toEqual([0, 0]);
    expect(Array.from(answerPlaces(2, packed))).toEqual([1, -1]);
    const board = mergeBoard(EMPTY_BOARD, ['Service_AI_a', 'Service_AI_b'], packed, 1_000, 1);
    expect(board.tasks.get('Service_AI_a')?.item?.taskProgress).toBe(20);
    expect(board.tasks.get('Service_AI_b')?.item).toBeNull();
    expect(board.tasks.has('Service_AI_zz')).toBe(false);
  });

  it('place a later batch’s answers after the IDs of the batches before it in the slice', () => {
    const packer = createAnswerPacker(checkedLink);
    packer.add(['Service_AI_c', 'Service_AI_d'], [answers[3]!, answers[2]!]);
    packer.add(['Service_AI_a', 'Service_AI_b'], [answers[1]!]);
    const order = ['Service_AI_c', 'Service_AI_d', 'Service_AI_a', 'Service_AI_b'];
    const packed = packer.take();
    expect(Array.from(packed.at)).toEqual([1, 0, 3]);
    expect(read(packed, order).map((i) => i.taskId)).toEqual(['Service_AI_d', 'Service_AI_c', 'Service_AI_b']);
  });

  it('make the same board as the answers as items, joined from two slices or not', () => {
    const first = EMPTY_BOARD;
    const asItems = mergeBoard(first, asked, answers, 1_000, 2);
    const one = mergeBoard(first, asked, packAnswers(asked, answers, checkedLink), 1_000, 2);
    // The second half answered first: each slice's places are mapped to the cycle's.
    const joined = joinPacked([
      { answers: packAnswers(asked.slice(2), answers.slice(2), checkedLink), places: [2, 3] },
      { answers: packAnswers(asked.slice(0, 2), answers.slice(0, 2), checkedLink), places: [0, 1] },
    ]);
    const two = mergeBoard(first, asked, joined, 1_000, 2);
    for (const board of [one, two]) {
      expect([...board.tasks]).toEqual([...asItems.tasks]);
      expect(board.transitions).toEqual(asItems.transitions);
    }
    // The link kept is the answer's own string, not a second copy.
    expect(one.tasks.get('Service_AI_b')?.downloadUrl).toBe(answers[1]!.targetVideoUrl);
    expect(one.tasks.get('Service_AI_d')?.downloadUrl).toBeNull();
  });
});
