import type { SyntheticEvent } from 'react';
import { overviewPartsStore, setPartOpen, type OverviewPart } from './overview-parts';

/** A <details>'s `open` and `onToggle` for an overview part, so a saved view can keep and reopen it. */
export function useOverviewPart(part: OverviewPart): { open: boolean; onToggle: (e: SyntheticEvent<HTMLDetailsElement>) => void } {
  const open = overviewPartsStore.use((parts) => parts.includes(part));
  return { open, onToggle: (e) => setPartOpen(part, e.currentTarget.open) };
}
