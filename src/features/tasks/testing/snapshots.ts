import type { TaskStatusItem } from '@/contract';
import { type ProgressMark, type TaskSnapshot, safeDownloadUrl } from '../task';

export function item(taskId: string, taskStatus: number, extra: Partial<TaskStatusItem> = {}): TaskStatusItem {
  return {
    taskId,
    taskStatus,
    taskProgress: taskStatus === 4 ? 100 : 0,
    errorCode: 0,
    targetVideoUrl: taskStatus === 4 ? `http://gw.test/files/video/${taskId}` : null,
    updateTime: 1_000,
    ...extra,
  };
}

export function snap(it: TaskStatusItem | null, checkedAt = 0, extra: Partial<TaskSnapshot> = {}): TaskSnapshot {
  const downloadUrl = it?.taskStatus === 4 ? safeDownloadUrl(it.targetVideoUrl) : null;
  return { item: it, checkedAt, changedAt: checkedAt, downloadUrl, problem: null, ...extra };
}

type Point = { progress: number; at: number };

/** The marks of a task seen moving steadily from one point to another (three, each seen the moment it was reached). */
export function steadyMarks(from: Point, to: Point): ProgressMark[] {
  if (!(to.progress > from.progress && to.at > from.at)) return [];
  const mid = { progress: (from.progress + to.progress) / 2, at: (from.at + to.at) / 2 };
  return [from, mid, to].map((p) => ({ progress: p.progress, after: p.at, seenAt: p.at }));
}
