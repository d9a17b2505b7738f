import { historyStore } from './history-store';

export const useHistory = () => historyStore.use();
