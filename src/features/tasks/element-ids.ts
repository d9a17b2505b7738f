// Elements of the Tasks page that other parts reach by ID (the command palette's commands, the import report's
// "Show all tasks"): one name each, so a renamed ID cannot leave a command pointing at nothing.

/** The "Task IDs" field of the add form. */
export const ADD_FIELD_ID = 'task-ids-input';
/** The query box's field (one per page). */
export const QUERY_INPUT_ID = 'task-query-input';
/** The "Save view" button beside the saved views. */
export const SAVE_VIEW_BUTTON_ID = 'save-view-button';
