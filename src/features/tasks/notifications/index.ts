// Signals while the list is watched: the tab's title and desktop notices of status changes.
export { loadWatchListSignals } from './chunks';
export { askNotificationPermission } from './use-task-notifications';
