import { TaskStatus, type TaskStatusItem, type TaskStatusItemProblem } from '@/contract';
import { type TaskBoard, type TaskSnapshot, type Transition, nextMarks, statusWentBack } from '../task';
import { recordDelta, writableTasks } from '../rows';
import { answerPlaces, isPacked, packAnswers, packedItem, type PackedAnswers } from './packed-answers';
import { checkedLink, linkOf } from './checked-link';

const MAX_TRANSITIONS = 50;

function nextSnapshot(prev: TaskSnapshot | undefined, item: TaskStatusItem | null, now: number, downloadUrl: string | null): TaskSnapshot {
  const changed = !prev || prev.item?.taskStatus !== item?.taskStatus || prev.item?.taskProgress !== item?.taskProgress;
  const marks = item?.taskStatus === TaskStatus.running ? nextMarks(prev, item.taskProgress, now) : undefined;
  const next: TaskSnapshot = {
    item,
    checkedAt: now,
    changedAt: changed || !prev ? now : prev.changedAt,
    downloadUrl,
    problem: null,
  };
  if (marks) next.progressMarks = marks;
  const from = prev?.item?.taskStatus ?? null;
  const wentBackFrom = item && from !== item.taskStatus ? (statusWentBack(from, item.taskStatus) ? from! : undefined) : prev?.wentBackFrom;
  if (wentBackFrom !== undefined && item) next.wentBackFrom = wentBackFrom;
  return next;
}

/**
 * Fold one cycle's answers into the board: IDs that were asked for but not returned become
 * "not found"; changes and status transitions of this cycle are recorded for the UI. The task map
 * is the poller's own, written in place (see board-delta.ts): `prev` is not read again.
 * `answers` come packed from the status worker, their links already checked (packed-answers.ts; parsing
 * 100,000 URLs was a third of the first cycle's main-thread time); items are packed here first.
 */
export function mergeBoard(
  prev: TaskBoard,
  asked: readonly string[],
  answers: readonly TaskStatusItem[] | PackedAnswers,
  now: number,
  requests: number,
  problems: readonly TaskStatusItemProblem[] = [],
): TaskBoard {
  const packed = isPacked(answers) ? answers : packAnswers(asked, answers, checkedLink);
  // By place among the asked IDs; the last answer for an ID wins.
  const places = answerPlaces(asked.length, packed);
  const problemOf = new Map(problems.map((p) => [p.taskId, p.problem]));
  const tasks = writableTasks(prev.tasks);
  const changed = new Set<string>();
  const statusChanged = new Set<string>();
  const transitions: Transition[] = [];
  for (let i = 0; i < asked.length; i++) {
    const id = asked[i]!;
    const before = tasks.get(id);
    const at = places[i]!;
    const problem = at >= 0 ? undefined : problemOf.get(id);
    if (problem !== undefined) {
      const kept = before ?? { item: null, checkedAt: now, changedAt: now, downloadUrl: null, problem };
      tasks.set(id, { ...kept, checkedAt: now, problem });
      continue;
    }
    const item = at >= 0 ? packedItem(packed, at, id) : null;
    const after = nextSnapshot(before, item, now, item === null ? null : linkOf(item, packed.links[at] ?? null));
    tasks.set(id, after);
    if (before && after.changedAt === now) changed.add(id);
    const from = before?.item?.taskStatus ?? null;
    const to = after.item?.taskStatus;
    if (to !== undefined && from !== to && before) {
      transitions.push({ taskId: id, from, to, at: now });
      statusChanged.add(id);
    }
  }
  const next: TaskBoard = {
    tasks,
    cycle: prev.cycle + 1,
    polledAt: now,
    changed,
    statusChanged,
    // The same array when nothing changed status: the change feed (memoized on it) does not render again.
    transitions: transitions.length ? [...transitions, ...prev.transitions].slice(0, MAX_TRANSITIONS) : prev.transitions,
    requests,
    errorsSeen: prev.errorsSeen,
    refreshAll: false,
  };
  return recordDelta(next, prev, asked);
}
