import type { Translate } from '@/i18n/i18n-store';
import { safeDownloadUrl } from './task-phase';

/** Why a result URL the gateway sent is not a link (safeDownloadUrl refused it), or null when there is none to refuse. */
export function refusedLinkReason(url: string | null | undefined, t: Translate): string | null {
  if (!url || safeDownloadUrl(url) !== null) return null;
  try {
    return t('tasks.table.notHttp', { protocol: new URL(url).protocol.slice(0, 20) });
  } catch {
    return t('tasks.table.notAbsolute');
  }
}

/** A gateway's raw value for display as text: JSON-escaped (control characters visible) and cut at `max` characters. */
export function rawPreview(value: unknown, max = 80): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
