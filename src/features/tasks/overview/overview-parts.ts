import { createStore } from '@/lib/persisted-store';

/** The overview's parts that open and close (its <details>), named as a saved view keeps them. */
const OVERVIEW_PARTS = ['flowTable', 'throughputTable'] as const;
export type OverviewPart = (typeof OVERVIEW_PARTS)[number];

/** Which overview parts are open: the charts' tables read it, a saved view keeps it and opening one sets it. */
export const overviewPartsStore = createStore<readonly OverviewPart[]>([]);

/** The known parts among `names` (a view saved by a later console may name parts this one lacks). */
export const knownParts = (names: readonly string[]): OverviewPart[] => OVERVIEW_PARTS.filter((p) => names.includes(p));

export function setPartOpen(part: OverviewPart, open: boolean): void {
  const parts = overviewPartsStore.get();
  if (parts.includes(part) === open) return;
  overviewPartsStore.set(open ? [...parts, part] : parts.filter((p) => p !== part));
}
