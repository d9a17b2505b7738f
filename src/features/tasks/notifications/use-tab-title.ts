import { useEffect } from 'react';
import { titlePrefixStore } from '@/hooks/use-document-title';
import { useNamespace, useT } from '@/hooks/use-t';
import type { Summary } from '../rows';
import { tabTitlePrefix } from './tab-title';

/**
 * The watch list's counts in the tab title, in the UI language: written again when the counts or the
 * language change, and only once the tasks namespace is here (never a message key in the title).
 */
export function useTabTitle(summary: Summary): void {
  const t = useT();
  const ready = useNamespace('tasks');
  useEffect(() => titlePrefixStore.set(ready ? tabTitlePrefix(summary) : ''), [summary, ready, t]);
  useEffect(() => () => titlePrefixStore.set(''), []);
}
