import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { GatewayRequestError } from './gateway-error';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: GatewayRequestError;
  }
}

/**
 * The query client. Every query and mutation failure passes one handler, which hands it to
 * `report` (the app's is i18n/load-describe-error.ts's `warnInConsole`: one line in the browser
 * console for support, in words this layer does not hold); a cancelled request is not reported.
 * Pages render their own ErrorAlert.
 */
export function createQueryClient(report: (error: unknown) => void): QueryClient {
  const onError = (error: unknown) => {
    if (error instanceof GatewayRequestError && error.kind === 'aborted') return;
    report(error);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        // Gateway errors carry a code; retrying a 2001 never helps, and polling has its own backoff.
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 0,
      },
      mutations: { retry: false },
    },
  });
}
