import type { TaskStatusItem } from '@/contract';
import type { CheckedLink } from './checked-link';

/**
 * A slice's answers as the status worker posts them: column by column, each answer named by its place among the slice's
 * asked IDs (its batches' IDs, batch after batch, in the slice's batchIndexes order), not by a copy of its ID. As
 * objects, 1,000 answers were 1,000 objects and their ID strings made again on the page's main thread from each message
 * (≈0.9 ms and ≈185 kB of garbage per poll update at 1,000 running tasks); as columns they are a few buffers (issue 38).
 */
export type PackedAnswers = {
  at: Int32Array;
  taskStatus: Float64Array;
  taskProgress: Float64Array;
  errorCode: Float64Array;
  updateTime: Float64Array;
  /** targetVideoUrl as the gateway gave it (checked apart, in links). */
  targetVideoUrl: (string | null)[];
  /** Each answer's result link, checked (checked-link.ts). */
  links: CheckedLink[];
};

/** Collects a slice's answers a batch at a time (packAnswers for the columns). */
export function createAnswerPacker(linkOf: (item: TaskStatusItem) => CheckedLink) {
  let asked = 0;
  const at: number[] = [];
  const status: number[] = [];
  const progress: number[] = [];
  const code: number[] = [];
  const time: number[] = [];
  const urls: (string | null)[] = [];
  const links: CheckedLink[] = [];
  return {
    /** One batch's checked answers. An answer for an ID the batch did not ask for is left out: no row asked for it. */
    add(ids: readonly string[], items: readonly TaskStatusItem[]): void {
      const place = new Map(ids.map((id, i) => [id, asked + i]));
      for (const item of items) {
        const p = place.get(item.taskId);
        if (p === undefined) continue;
        at.push(p);
        status.push(item.taskStatus);
        progress.push(item.taskProgress);
        code.push(item.errorCode);
        time.push(item.updateTime);
        urls.push(item.targetVideoUrl);
        links.push(linkOf(item));
      }
      asked += ids.length;
    },
    take(): PackedAnswers {
      return {
        at: Int32Array.from(at),
        taskStatus: Float64Array.from(status),
        taskProgress: Float64Array.from(progress),
        errorCode: Float64Array.from(code),
        updateTime: Float64Array.from(time),
        targetVideoUrl: urls,
        links,
      };
    },
  };
}

/** Answers packed at once for `asked` IDs: items given to mergeBoard (tests), and the benchmark. */
export function packAnswers(
  asked: readonly string[],
  items: readonly TaskStatusItem[],
  linkOf: (item: TaskStatusItem) => CheckedLink,
): PackedAnswers {
  const packer = createAnswerPacker(linkOf);
  packer.add(asked, items);
  return packer.take();
}

export const isPacked = (answers: readonly TaskStatusItem[] | PackedAnswers): answers is PackedAnswers => !Array.isArray(answers);

/** The answer kept for each of `asked` IDs, by its place (the last answer for an ID wins), or -1 for none. */
export function answerPlaces(asked: number, answers: PackedAnswers): Int32Array {
  const places = new Int32Array(asked).fill(-1);
  answers.at.forEach((p, j) => (places[p] = j));
  return places;
}

/**
 * A value read from a Float64Array is a boxed double even when whole: kept in the board's item, every task would hold
 * three more heap objects for every collection to mark. A whole number in int32 range comes back as a small integer.
 */
const small = (v: number) => ((v | 0) === v ? v | 0 : v);

/** Answer `j` as the board keeps it: one object in one shape, its taskId the asked ID's own string. */
export function packedItem(answers: PackedAnswers, j: number, id: string): TaskStatusItem {
  return {
    taskId: id,
    taskStatus: small(answers.taskStatus[j]!),
    taskProgress: small(answers.taskProgress[j]!),
    errorCode: small(answers.errorCode[j]!),
    targetVideoUrl: answers.targetVideoUrl[j] ?? null,
    updateTime: answers.updateTime[j]!,
  };
}

/**
 * Slices' answers as one, each answer placed among a whole cycle's IDs: `places[p]` is where the ID at place p among
 * its slice's asked IDs stands in the cycle.
 */
export function joinPacked(parts: ReadonlyArray<{ answers: PackedAnswers; places: ArrayLike<number> }>): PackedAnswers {
  const n = parts.reduce((sum, p) => sum + p.answers.at.length, 0);
  const joined: PackedAnswers = {
    at: new Int32Array(n),
    taskStatus: new Float64Array(n),
    taskProgress: new Float64Array(n),
    errorCode: new Float64Array(n),
    updateTime: new Float64Array(n),
    targetVideoUrl: [],
    links: [],
  };
  let offset = 0;
  for (const { answers, places } of parts) {
    joined.at.set(
      answers.at.map((p) => places[p]!),
      offset,
    );
    joined.taskStatus.set(answers.taskStatus, offset);
    joined.taskProgress.set(answers.taskProgress, offset);
    joined.errorCode.set(answers.errorCode, offset);
    joined.updateTime.set(answers.updateTime, offset);
    joined.targetVideoUrl.push(...answers.targetVideoUrl);
    joined.links.push(...answers.links);
    offset += answers.at.length;
  }
  return joined;
}
