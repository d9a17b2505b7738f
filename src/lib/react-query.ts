import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { GatewayRequestError } from './gateway-error';
import { loadDescribeError } from '@/hooks/use-error-description';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: GatewayRequestError;
  }
}

/**
 * The one place every query and mutation failure passes. Pages render their own ErrorAlert; here
 * each failure leaves one line in the browser console for support. The line is built from the
 * error (status, code, message, URL), never from request headers, so it cannot carry the token.
 */
function handleQueryError(error: unknown): void {
  if (error instanceof GatewayRequestError && error.kind === 'aborted') return;
  void loadDescribeError().then(
    ({ describeError }) => {
      const { title, detail } = describeError(error);
      console.warn(`Service AI Console: ${title}. ${detail}`);
    },
    () => console.warn(`Service AI Console: ${error instanceof Error ? error.message : String(error)}`),
  );
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleQueryError }),
    mutationCache: new MutationCache({ onError: handleQueryError }),
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
