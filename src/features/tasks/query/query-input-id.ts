// Reached by ID from outside the box (the command palette's "Search tasks"): one name, so a renamed ID cannot leave
// a command pointing at nothing.

/** The query box's field (one per page). */
export const QUERY_INPUT_ID = 'task-query-input';
