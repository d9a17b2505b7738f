import type { TaskStatusItem } from '@/contract';
import { type TaskSnapshot, safeDownloadUrl } from '../task';

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
  return { item: it, checkedAt, changedAt: checkedAt, downloadUrl, firstRunning: null, problem: null, ...extra };
}
