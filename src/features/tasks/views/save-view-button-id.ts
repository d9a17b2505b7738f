// Reached by ID from outside the panel (the command palette's "Save view"): one name, so a renamed ID cannot leave
// a command pointing at nothing.

/** The "Save view" button beside the saved views. */
export const SAVE_VIEW_BUTTON_ID = 'save-view-button';
