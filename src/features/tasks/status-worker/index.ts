// Asking the gateway for statuses: the status endpoint, batches of IDs fetched in a module worker, answers merged into the board.
export { batchIds } from './batch-ids';
export type { StatusSlice } from './fetch-status-batches';
export { mergeBoard } from './merge-board';
export { joinPacked } from './packed-answers';
export { runStatusCycle } from './status-cycle';
