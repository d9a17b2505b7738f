// When and how the watch list is checked: the schedule, pace, poll loop, check now, the poll controls and the dashboard settings they read.
export { loadCheckNow, loadPollControls } from './chunks';
export { type DashboardSettings, dashboardSettingsStore, updateDashboardSettings } from './dashboard-settings-store';
export { DEFAULT_INTERVAL_MS } from './poll-schedule';
export { useDashboardSettings } from './use-dashboard-settings';
export { useWatchListBoard, useWatchListPoll } from './use-watch-list-poll';
