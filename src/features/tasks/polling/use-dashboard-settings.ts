import { dashboardSettingsStore, type DashboardSettings } from './dashboard-settings-store';

export function useDashboardSettings(): DashboardSettings {
  return dashboardSettingsStore.use();
}
