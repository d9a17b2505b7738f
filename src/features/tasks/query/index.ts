// The query over the watch list: the box, its draft, the query in the URL and its store; the language (parse, compile, print, suggest) in query/language/.
export { compileQuery, type QueryContext, readsClock, type RowPredicate } from './language/compile-query';
export { compileContains, globMatches } from './language/glob';
export { type ParsedQuery, parseQuery } from './language/parse-query';
export { printQuery } from './language/print-query';
export type { Query, SortKey } from './language/query-ast';
export { type ControlsState, queryToControls, withSearch, withSort, withStatuses } from './language/query-controls';
export { MAX_QUERY_LENGTH } from './language/query-limits';
export { codesSeen } from './language/suggest-query';
export { QueryBox } from './query-box';
export { queryFromUrl, searchWithQuery } from './query-url';
export { taskQueryStore, taskQueryStored } from './task-query-store';
export { useTaskQuery } from './use-task-query';
export { QUERY_INPUT_ID } from './query-input-id';
export { createRowFilter, type FilterRun, SLICE_WORK } from './row-filter';
export { warmUpFilter } from './warm-up-filter';
export { useWorkerRows } from './worker/use-worker-rows';
export type { KeptCounts } from './worker/list-search';
