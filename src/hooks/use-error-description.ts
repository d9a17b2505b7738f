import { useEffect, useReducer } from 'react';
import { loadNamespace, type Translate } from '@/i18n/i18n-store';
import { useT } from '@/hooks/use-t';
import type { ErrorDescription } from '@/lib/describe-error';

type DescribeModule = typeof import('@/lib/describe-error');
let loaded: DescribeModule | undefined;
let failed = false;
let loading: Promise<DescribeModule> | undefined;

/**
 * describe-error.ts on first need, or soon after start-up (preloadErrorWording): errors are rare,
 * and its wording stays out of the first-load bundle. Its messages (the `errors` namespace, in the
 * operator's language) come with it: the chunk counts as loaded only once both are here.
 */
export function loadDescribeError(): Promise<DescribeModule> {
  loading ??= Promise.all([import('@/lib/describe-error'), loadNamespace('errors')]).then(
    ([m]) => (loaded = m),
    (error: unknown) => {
      failed = true;
      throw error;
    },
  );
  return loading;
}

/** Fetch the wording while the console's server is surely reachable: an outage must still be described. */
export function preloadErrorWording(): void {
  void loadDescribeError().catch(() => undefined);
}

// If the wording could not be loaded at all (the console's own server went away first), say what is
// known with first-load (`common`) messages: one short title, and the crash screen's "Reload the page".
const fallback = (error: unknown, t: Translate): ErrorDescription => ({
  title: t('common.error.failed'),
  detail: error instanceof Error ? error.message : String(error),
  nextStep: t('common.crash.reload'),
});

/** The error in the operator's words (again on a language switch), or null while there is none (or the wording is still loading, a few ms). */
export function useErrorDescription(error: unknown): ErrorDescription | null {
  const t = useT();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const missing = error != null && !loaded && !failed;
  useEffect(() => {
    if (missing) loadDescribeError().then(rerender, rerender);
  }, [missing]);
  if (error == null) return null;
  if (loaded) return loaded.describeError(error, t);
  return failed ? fallback(error, t) : null;
}
