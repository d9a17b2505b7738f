import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void) {
  const media = window.matchMedia?.(QUERY);
  media?.addEventListener('change', onChange);
  return () => media?.removeEventListener('change', onChange);
}

/** The theme the page's CSS follows, so canvas charts can redraw in its colours. */
export function useColorScheme(): 'light' | 'dark' {
  return useSyncExternalStore(subscribe, () => (window.matchMedia?.(QUERY).matches ? 'dark' : 'light'));
}

/** A CSS custom property of the page (the theme's colours live there). */
export function cssColor(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}
