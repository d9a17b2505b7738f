import { memo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useCommandSource } from '@/hooks/use-command-source';
import { useActiveConnection } from '@/hooks/use-connection';

/**
 * Offers the Tasks page's commands in the command palette while the page is open; the list itself
 * loads with the palette. Memoized: the page renders with every poll cycle, and nothing here changes with it.
 */
export const TasksCommands = memo(function TasksCommands() {
  const client = useQueryClient();
  const connection = useActiveConnection();
  useCommandSource(() => import('./tasks-command-list').then((m) => m.tasksCommands(client, connection)));
  return null;
});
