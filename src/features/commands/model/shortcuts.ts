// In the first-load bundle (the shell's key listener): keep it small.

/** The shortcuts an operator can turn off, each on by default. */
export const SHORTCUT_IDS = ['palette', 'sheet'] as const;
export type ShortcutId = (typeof SHORTCUT_IDS)[number];

type KeyLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'isComposing'>;

/** macOS (and iPadOS) say ⌘ where others say Ctrl. */
export function isApple(platform: string): boolean {
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/**
 * The shortcut a key press is, or null. ⌘K on Apple systems, Ctrl+K elsewhere; never with Alt (AltGr
 * is Ctrl+Alt: its characters are typing), never Ctrl+K on a Mac (a text field's "delete to end of
 * line"), never while an input method composes. `?` with no modifier but Shift.
 */
export function shortcutOf(e: KeyLike, apple: boolean): ShortcutId | null {
  if (e.isComposing || e.altKey) return null;
  const mod = apple ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
  if (mod && e.key.toLowerCase() === 'k') return 'palette';
  if (!e.ctrlKey && !e.metaKey && e.key === '?') return 'sheet';
  return null;
}

const TEXT_INPUT = /^(text|search|email|url|tel|password|number|date|datetime-local|month|week|time)$/;

/** Whether keys typed at `target` are text (a field, a select, anything editable): single-key shortcuts stay off there. */
export function isTextField(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  if (!el || typeof el.tagName !== 'string') return false;
  if (el.isContentEditable) return true;
  const tag = el.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  return tag === 'INPUT' && TEXT_INPUT.test((el as HTMLInputElement).type || 'text');
}

/** The keys of a shortcut, as the platform shows them. */
export function shortcutKeys(id: ShortcutId, apple: boolean): string[] {
  return id === 'palette' ? [apple ? '⌘' : 'Ctrl', 'K'] : ['?'];
}
