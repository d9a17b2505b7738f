// Polling's lazy chunks: the import() names each module itself, so the index (on the first load) stays light.
export const loadCheckNow = () => import('./check-now');
export const loadPollControls = () => import('./poll-controls');
