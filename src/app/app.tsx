import { AppProvider } from './provider';
import { Shell } from './shell';
import { PageRoutes } from './page-routes';
import { PageErrorBoundary } from './page-error-boundary';
import { TaskWatcher } from '@/features/tasks/task-watcher';

export function App() {
  return (
    <AppProvider>
      <TaskWatcher />
      <Shell>
        <PageErrorBoundary>
          <PageRoutes />
        </PageErrorBoundary>
      </Shell>
    </AppProvider>
  );
}
