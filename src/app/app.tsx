import { AppProvider } from './provider';
import { Shell } from './shell';
import { PageRoutes } from './page-routes';
import { PageErrorBoundary } from './page-error-boundary';

export function App() {
  return (
    <AppProvider>
      <Shell>
        <PageErrorBoundary>
          <PageRoutes />
        </PageErrorBoundary>
      </Shell>
    </AppProvider>
  );
}
