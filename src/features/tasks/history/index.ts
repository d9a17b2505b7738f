// Task history in IndexedDB: the recorder, what each task went through, and the batch series the charts and ETA read.
export {
  batchEta,
  type BatchSeries,
  FLOW_BANDS,
  type FlowSample,
  type MinuteBucket,
  type Unwatched,
  unwatchedPeriods,
  watchedGapMs,
} from './batch-series';
export { startTaskHistoryLater } from './chunks';
export { fillFirstSeenInIdle, firstSeenIn, firstSeenTimes } from './first-seen-by-position';
export { measureSince, timed } from './measure-cost';
export { firstSeenOf, progressSamples, statusChanges } from './task-record';
export { useTaskHistory, useTaskHistoryRecorder, useTaskHistorySeries } from './use-task-history';
