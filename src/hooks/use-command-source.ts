import { useEffect, useRef } from 'react';
import { registerCommandSource, type CommandSource } from '@/lib/command-registry';

/**
 * Offers `source`'s commands in the command palette while the calling component is mounted. The
 * latest `source` is asked each time the palette opens (it may read this render's props and state).
 */
export function useCommandSource(source: CommandSource): void {
  const latest = useRef(source);
  useEffect(() => {
    latest.current = source;
  });
  useEffect(() => registerCommandSource(() => latest.current()), []);
}
