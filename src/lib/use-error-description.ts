import { useEffect, useReducer } from 'react';
import type { ErrorDescription } from './describe-error';

type DescribeModule = typeof import('./describe-error');
let loaded: DescribeModule | undefined;

/** describe-error.ts on first need: errors are rare, and its wording stays out of the first-load bundle. */
export function loadDescribeError(): Promise<DescribeModule> {
  return import('./describe-error').then((m) => (loaded = m));
}

/** The error in the operator's words, or null while there is none (or the wording is still loading, a few ms). */
export function useErrorDescription(error: unknown): ErrorDescription | null {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const missing = error != null && !loaded;
  useEffect(() => {
    if (missing) void loadDescribeError().then(rerender);
  }, [missing]);
  return error != null && loaded ? loaded.describeError(error) : null;
}
