import { dashboardSettingsStore, type DashboardSettings } from '../stores/dashboard-settings-store';

export function useDashboardSettings(): DashboardSettings {
  return dashboardSettingsStore.use();
}
