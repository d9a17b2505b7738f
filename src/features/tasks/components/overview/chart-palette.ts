import { cssColor } from './use-color-scheme';

/** Band colours from the theme's tokens (the same ones the status chips use), read when a chart is made. */
export function bandColors(): Record<string, string> {
  return {
    finished: cssColor('--ok', '#1d7a3a'),
    failed: cssColor('--error', '#b3261e'),
    aborted: cssColor('--warn', '#8a5a00'),
    running: cssColor('--info', '#1f5fa8'),
    queued: '#7c5cc4',
    created: '#6b7280',
    other: cssColor('--border', '#d5d9e0'),
  };
}

export function axisColors() {
  return { text: cssColor('--muted', '#555d6b'), grid: cssColor('--border', '#d5d9e0') };
}
