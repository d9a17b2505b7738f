import { loadNamespace } from './i18n-store';

type DescribeModule = typeof import('./describe-error');
let loaded: DescribeModule | undefined;
let failed = false;
let loading: Promise<DescribeModule> | undefined;

/**
 * describe-error.ts on first need, or soon after start-up (preloadErrorWording): errors are rare,
 * and its wording stays out of the first-load bundle. Its messages (the `errors` namespace, in the
 * operator's language) come with it: the chunk counts as loaded only once both are here.
 */
export function loadDescribeError(): Promise<DescribeModule> {
  loading ??= Promise.all([import('./describe-error'), loadNamespace('errors')]).then(
    ([m]) => (loaded = m),
    (error: unknown) => {
      failed = true;
      throw error;
    },
  );
  return loading;
}

/** The describer once it is here, 'failed' when it could not be loaded, undefined before (not asked for, or loading). */
export function loadedDescribeError(): DescribeModule | 'failed' | undefined {
  return loaded ?? (failed ? 'failed' : undefined);
}

/** Fetch the wording while the console's server is surely reachable: an outage must still be described. */
export function preloadErrorWording(): void {
  void loadDescribeError().catch(() => undefined);
}

/**
 * One line in the browser console for support (the query client's failure handler, src/app/provider.tsx).
 * The line is built from the error (status, code, message, URL), never from request headers, so it
 * cannot carry the token.
 */
export function warnInConsole(error: unknown): void {
  void loadDescribeError().then(
    ({ describeError }) => {
      const { title, detail } = describeError(error);
      console.warn(`Service AI Console: ${title}. ${detail}`);
    },
    () => console.warn(`Service AI Console: ${error instanceof Error ? error.message : String(error)}`),
  );
}
