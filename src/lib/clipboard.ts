import { t } from '@/i18n/i18n-store';

/** Writes text to the clipboard; false when the browser refuses (no permission, insecure context), so the caller can offer the text to select. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * What to tell the operator after a copy of `what` ("3 IDs", "the task ID", already in the operator's
 * language), in the current language: it is said from a click handler. Only the Tasks page copies
 * with an announcement, so the words are in its `tasks` namespace.
 */
export const copyOutcome = (copied: boolean, what: string): string => t(copied ? 'tasks.copy.copied' : 'tasks.copy.refused', { what });
