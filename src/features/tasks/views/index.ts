// Saved views: the panel, their store in IndexedDB, live counts, view links, and opening one.
export { openSavedView } from './open-saved-view';
export { OpenedView } from './opened-view';
export { SavedViewsLazy } from './saved-views-lazy';
export { listViews } from './saved-views-store';
export { savedViewsStored } from './saved-views-stored';
export { useOpenedViewLink } from './use-opened-view-link';
export { viewQuery } from './view-link';
export { viewLinkAddress, type ViewLinkAddress } from './view-link-address';
export { SAVE_VIEW_BUTTON_ID } from './save-view-button-id';
