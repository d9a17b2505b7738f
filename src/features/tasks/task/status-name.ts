import { isKnownTaskStatus } from '@/contract';
import { t } from '@/i18n/i18n-store';
import { statusGroupName } from './status-group';

// Apart from status-group.ts (first visit): only the feed and the details dialog name raw statuses.
/** A status as the gateway sent it, in the current UI language: its name, "Status 7" for one outside the spec, "Not found" for none. */
export function statusName(status: number | null): string {
  if (status === null) return statusGroupName('not-found');
  return isKnownTaskStatus(status) ? statusGroupName(status) : t('tasks.statusGroup.code', { code: String(status) });
}
