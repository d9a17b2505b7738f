import { lazy, type ComponentType } from 'react';
import { loadNamespace, type Namespace } from './i18n-store';

/**
 * React.lazy for a chunk that speaks: the chunk and its namespace's messages (in the operator's
 * language) download together, and it renders only when both are there.
 * `const SpeechPage = lazyWithMessages('speech', () => import('…/speech-page').then((m) => ({ default: m.SpeechPage })));`
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint: any component props
export function lazyWithMessages<T extends ComponentType<any>>(ns: Namespace, load: () => Promise<{ default: T }>) {
  return lazy(() => Promise.all([load(), loadNamespace(ns)]).then(([module]) => module));
}
