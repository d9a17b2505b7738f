import type { QueryClient } from '@tanstack/react-query';

// The history recorder (IndexedDB) loads once a user is set. The import() names the module itself and calls its
// export on the spot (no namespace object in the chunk).
export const startTaskHistoryLater = (client: QueryClient) => import('./task-history-recorder').then((m) => m.startTaskHistory(client));
