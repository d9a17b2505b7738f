import { Fragment, type ReactNode } from 'react';
import { useConnectionScopeKey } from '@/hooks/use-connection';

/**
 * Remounts its children when the connection scope changes. Removing cached queries is not enough:
 * an observer with placeholderData, or a component's own state, would still show the last gateway's data.
 */
export function ConnectionScoped({ children }: { children: ReactNode }) {
  return <Fragment key={useConnectionScopeKey()}>{children}</Fragment>;
}
