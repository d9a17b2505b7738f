// One task's facts: its snapshot, phase, status group and name, odd values, ETA, error advice, and reading task IDs out of text.
export { errorAdvice, errorMeaning } from './error-advice';
export { boardFreshness, type Freshness } from './freshness';
export {
  estimateRemainingMs,
  etaAsSaid,
  etaDueAt,
  etaReading,
  type EtaReading,
  isStalled,
  joinMarks,
  nextMarks,
  stalledSince,
} from './eta';
export { type Extraction, extractTaskIdsInSlices, type IgnoreReason, MAX_TASK_ID_LENGTH } from './extract-task-ids';
export { looksLikeSeconds, progressVerdict, timeVerdict } from './odd-values';
export { rawPreview, refusedLinkReason } from './refused-link';
export { STATUS_GROUP_KEY, STATUS_GROUPS, type StatusGroup, statusGroupName, statusGroupOf } from './status-group';
export { statusName } from './status-name';
export { statusWentBack } from './status-went-back';
export { safeDownloadUrl, taskPhase, type TaskPhase } from './task-phase';
export { EMPTY_BOARD, type ProgressMark, type TaskBoard, type TaskSnapshot, type Transition } from './task-snapshot';
