import { describe, expect, it } from 'vitest';
import { item } from '../testing/snapshots';
import { checkedLink, LINK_AS_GIVEN } from './checked-link';
import { mergeBoard } from './merge-board';
import { packAnswers } from './packed-answers';
import { EMPTY_BOARD } from '../task/task-snapshot';

describe('mergeBoard', () => {
  it('records answers, not-found IDs, changes and transitions', () => {
    const first = mergeBoard(
      EMPTY_BOARD,
      ['Service_AI_a', 'Service_AI_b', 'Service_AI_x'],
      [item('Service_AI_a', 3, { taskProgress: 10 }), item('Service_AI_b', 2)],
      1_000,
      1,
    );
    expect(first.tasks.get('Service_AI_x')?.item).toBeNull();
    expect(first.tasks.get('Service_AI_a')?.progressMarks).toBeUndefined();
    expect(first.transitions).toEqual([]);
    expect(first.changed.size).toBe(0);

    const second = mergeBoard(first, ['Service_AI_a', 'Service_AI_b'], [item('Service_AI_a', 4), item('Service_AI_b', 2)], 3_000, 1);
    expect(second.cycle).toBe(2);
    expect([...second.changed]).toEqual(['Service_AI_a']);
    expect(second.transitions).toEqual([{ taskId: 'Service_AI_a', from: 3, to: 4, at: 3_000 }]);
    expect(second.tasks.get('Service_AI_b')?.changedAt).toBe(1_000);
    expect(second.tasks.get('Service_AI_x')?.checkedAt).toBe(1_000);

    // A cycle with no status change keeps the feed's array (the feed is memoized on it).
    const third = mergeBoard(second, ['Service_AI_b'], [item('Service_AI_b', 2)], 5_000, 1);
    expect(third.transitions).toBe(second.transitions);
  });

  it('keeps each answer as an object of its own in one shape, not the object the message built (issue 38)', () => {
    // As a structured clone builds it: properties added one at a time, in the gateway's order, after others.
    const answer = Object.assign({}, { updateTime: 9, targetVideoUrl: null }, item('Service_AI_a', 3, { taskProgress: 10 }));
    const kept = mergeBoard(EMPTY_BOARD, ['Service_AI_a'], [answer], 1_000, 1).tasks.get('Service_AI_a')!.item!;
    expect(kept).not.toBe(answer);
    expect(kept).toEqual(answer);
    expect(Object.keys(kept)).toEqual(['taskId', 'taskStatus', 'taskProgress', 'errorCode', 'targetVideoUrl', 'updateTime']);
  });

  it('names the rows to flash: status changes only, not progress steps', () => {
    const ids = ['Service_AI_a', 'Service_AI_b', 'Service_AI_c'];
    const first = mergeBoard(
      EMPTY_BOARD,
      ids,
      [item('Service_AI_a', 3, { taskProgress: 10 }), item('Service_AI_b', 3, { taskProgress: 10 }), item('Service_AI_c', 2)],
      1_000,
      1,
    );
    const second = mergeBoard(
      first,
      ids,
      [item('Service_AI_a', 3, { taskProgress: 11 }), item('Service_AI_b', 5), item('Service_AI_c', 2)],
      3_000,
      1,
    );
    expect([...second.changed].sort()).toEqual(['Service_AI_a', 'Service_AI_b']);
    expect([...second.statusChanged]).toEqual(['Service_AI_b']);
  });

  it('marks each progress value a running task is seen to reach, between the check before and the one that saw it', () => {
    const at = (board: ReturnType<typeof mergeBoard>, progress: number, now: number) =>
      mergeBoard(board, ['Service_AI_a'], [item('Service_AI_a', 3, { taskProgress: progress })], now, 1);
    const a = at(EMPTY_BOARD, 5, 1_000);
    const b = at(at(a, 50, 5_000), 50, 7_000);
    expect(b.tasks.get('Service_AI_a')).toMatchObject({ changedAt: 5_000, progressMarks: [{ progress: 50, after: 1_000, seenAt: 5_000 }] });
    expect(at(b, 60, 9_000).tasks.get('Service_AI_a')?.progressMarks).toEqual([
      { progress: 50, after: 1_000, seenAt: 5_000 },
      { progress: 60, after: 7_000, seenAt: 9_000 },
    ]);
  });
});

describe("a Finished task's result link", () => {
  const finished = (url: string) => item('Service_AI_a', 4, { targetVideoUrl: url });
  it('is checked here when the answers come without their links', () => {
    expect(
      mergeBoard(EMPTY_BOARD, ['Service_AI_a'], [finished('javascript:alert(1)')], 1, 1).tasks.get('Service_AI_a')?.downloadUrl,
    ).toBeNull();
    expect(mergeBoard(EMPTY_BOARD, ['Service_AI_a'], [finished('https://gw/v.mp4')], 1, 1).tasks.get('Service_AI_a')?.downloadUrl).toBe(
      'https://gw/v.mp4',
    );
  });
  it('is taken as given when the status worker checked it (checkedLink), by the answer it belongs to', () => {
    const asked = ['Service_AI_a', 'Service_AI_b', 'Service_AI_c'];
    const answers = [
      item('Service_AI_b', 3),
      finished('https://gw/v.mp4'),
      item('Service_AI_c', 4, { targetVideoUrl: 'HTTPS://GW/c.mp4' }),
    ];
    expect(answers.map(checkedLink)).toEqual([null, LINK_AS_GIVEN, 'https://gw/c.mp4']);
    const board = mergeBoard(EMPTY_BOARD, asked, packAnswers(asked, answers, checkedLink), 1, 1);
    expect(board.tasks.get('Service_AI_a')?.downloadUrl).toBe('https://gw/v.mp4');
    expect(board.tasks.get('Service_AI_b')?.downloadUrl).toBeNull();
    expect(board.tasks.get('Service_AI_c')?.downloadUrl).toBe('https://gw/c.mp4');
    // What the worker refused is not checked again here.
    const refused = packAnswers(['Service_AI_a'], [finished('https://gw/v.mp4')], () => null);
    expect(mergeBoard(EMPTY_BOARD, ['Service_AI_a'], refused, 1, 1).tasks.get('Service_AI_a')?.downloadUrl).toBeNull();
  });
});

describe('mergeBoard with unreadable items', () => {
  it('marks only the bad item, keeps its last readable answer, and updates the others', () => {
    const first = mergeBoard(EMPTY_BOARD, ['Service_AI_a', 'Service_AI_b'], [item('Service_AI_a', 3), item('Service_AI_b', 3)], 1_000, 1);
    const second = mergeBoard(first, ['Service_AI_a', 'Service_AI_b'], [item('Service_AI_b', 4)], 2_000, 1, [
      { taskId: 'Service_AI_a', problem: 'taskProgress: Invalid input: expected number, received string' },
    ]);
    expect(second.tasks.get('Service_AI_a')).toMatchObject({ problem: /taskProgress/, item: { taskStatus: 3 }, checkedAt: 2_000 });
    expect(second.tasks.get('Service_AI_b')).toMatchObject({ problem: null, item: { taskStatus: 4 } });
  });
});
