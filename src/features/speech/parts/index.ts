export { PartList } from './part-list';
export { RedoableParts } from './redoable-parts';
export { SegmentList } from './segment-list';
