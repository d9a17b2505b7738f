// The batch overview: flow and throughput charts (uPlot), batch ETA, failures table, and which of its parts show.
export { Overview } from './overview';
export { knownParts, overviewPartsStore } from './overview-parts';
export { default as statusColors } from './status-colors.module.css';
