import { useQuery } from '@tanstack/react-query';
import { consoleInfoQueryOptions } from '@/lib/console-info';

export type { ConsoleInfo } from '@/lib/console-info';

export function useConsoleInfo() {
  return useQuery(consoleInfoQueryOptions());
}
