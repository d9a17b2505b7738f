// Saved views: the panel, their store in IndexedDB, live counts, view links, and opening one.
export { openSavedView } from './open-saved-view';
export { SavedViewsLazy } from './saved-views-lazy';
export { listViews } from './saved-views-store';
export { savedViewsStored } from './saved-views-stored';
export { viewQuery } from './view-link';
export { SAVE_VIEW_BUTTON_ID } from './save-view-button-id';
