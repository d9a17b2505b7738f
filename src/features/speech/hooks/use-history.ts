import { historyStore } from '../stores/history-store';

export const useHistory = () => historyStore.use();
