import { Suspense } from 'react';
import { lazyWithMessages } from '@/i18n/lazy-with-messages';

const LexiconPanel = lazyWithMessages('speech', () => import('./lexicon-panel').then((m) => ({ default: m.LexiconPanel })));

/** The "Pronunciation" panel, in its own chunk: the page mounts this one line. */
export function LexiconSection() {
  return (
    <Suspense fallback={null}>
      <LexiconPanel />
    </Suspense>
  );
}
