import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-color-scheme: dark)';

// Made once: matchMedia() parses the query on every call, and the snapshot is read on every render.
let media: MediaQueryList | null | undefined;
const mediaList = () => (media ??= window.matchMedia?.(QUERY) ?? null);

function subscribe(onChange: () => void) {
  mediaList()?.addEventListener('change', onChange);
  return () => mediaList()?.removeEventListener('change', onChange);
}

/** The theme the page's CSS follows, so canvas charts can redraw in its colours. */
export function useColorScheme(): 'light' | 'dark' {
  return useSyncExternalStore(subscribe, () => (mediaList()?.matches ? 'dark' : 'light'));
}

/** A CSS custom property of the page (the theme's colours live there). */
export function cssColor(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}
