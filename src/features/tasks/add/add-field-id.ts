// Reached by ID from outside the form (the command palette's "Add task IDs"): one name, so a renamed ID cannot leave
// a command pointing at nothing.

/** The "Task IDs" field of the add form. */
export const ADD_FIELD_ID = 'task-ids-input';
