import { useEffect, useReducer } from 'react';
import type { Translate } from '@/i18n/i18n-store';
import { loadDescribeError, loadedDescribeError } from '@/i18n/load-describe-error';
import { useT } from '@/hooks/use-t';
import type { ErrorDescription } from '@/i18n/describe-error';

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
  const describer = loadedDescribeError();
  const missing = error != null && describer === undefined;
  useEffect(() => {
    if (missing) loadDescribeError().then(rerender, rerender);
  }, [missing]);
  if (error == null || describer === undefined) return null;
  return describer === 'failed' ? fallback(error, t) : describer.describeError(error, t);
}
