export { ComparePanel } from './compare-panel';
export { HistoryPanel } from './history-panel';
export { addTake, historyStore, loadHistory } from './history-store';
export { useHistory } from './use-history';
