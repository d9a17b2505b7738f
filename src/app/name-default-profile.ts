import { getLocale, isNamespaceLoaded, t } from '@/i18n/i18n-store';
import { setDefaultProfileName } from '@/lib/connection-store';

/**
 * The default connection profile named in the language of this visit (issue 39), once its shared
 * messages are in (main.tsx, before the first render). While no profile is stored it takes this
 * visit's language; once saved it keeps that name. Without the messages it stays "Local".
 */
export function nameDefaultProfile(): void {
  if (isNamespaceLoaded('common', getLocale())) setDefaultProfileName(t('common.profile.defaultName'));
}
