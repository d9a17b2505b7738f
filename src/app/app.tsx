import { AppProvider } from './provider';
import { Shell } from './shell';
import { PageRoutes } from './page-routes';

export function App() {
  return (
    <AppProvider>
      <Shell>
        <PageRoutes />
      </Shell>
    </AppProvider>
  );
}
