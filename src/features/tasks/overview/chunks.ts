// The overview's lazy chunk (the charts with uPlot). The import() names the module itself and reads its export on the
// spot, so the index stays light and the chunk keeps its exports as they are.
export const loadBatchOverview = () => import('./batch-overview').then((m) => ({ default: m.BatchOverview }));
