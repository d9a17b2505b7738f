import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { GatewayRequestError } from './gateway-error';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: GatewayRequestError;
  }
}

type ErrorListener = (error: GatewayRequestError) => void;
const errorListeners = new Set<ErrorListener>();

/** One place where query and mutation errors are seen (the shell subscribes for its indicator/log). */
export function onGatewayError(listener: ErrorListener): () => void {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}

function handleError(error: unknown) {
  if (!(error instanceof GatewayRequestError) || error.kind === 'aborted') return;
  for (const l of errorListeners) l(error);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleError }),
    mutationCache: new MutationCache({ onError: handleError }),
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
