import { useLayoutEffect, useRef } from 'react';
import { useT } from '@/hooks/use-t';
import { useSpeechSessionState } from './use-speech-session';
import { RESULT_TITLE_ID } from '../result';
import page from '../speech-page.module.css';

/**
 * Under Synthesize: says the take the last Synthesize made is ready, and "Go to result" moves focus to the result
 * panel's heading (scrolling it into view). On a phone the result sits a screen or more below the button, so focus
 * stays where the operator pressed and the page does not jump (issue 39). The status region is always there, so a
 * screen reader hears the line when it appears. When the line appears below the screen's edge (the button pressed at
 * the bottom of a phone's screen), the page scrolls just enough to show it, before it is painted.
 */
export function TakeReady() {
  const t = useT();
  const ready = useSpeechSessionState((s) => s.ready !== null);
  const line = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (ready) line.current?.scrollIntoView?.({ block: 'nearest' });
  }, [ready]);
  const goToResult = () => {
    const heading = document.getElementById(RESULT_TITLE_ID);
    heading?.focus({ preventScroll: true });
    heading?.scrollIntoView({ block: 'start' });
  };
  return (
    <div ref={line} className={page.takeReady}>
      <p role="status" className={page.hint}>
        {ready ? t('speech.form.takeReady') : ''}
      </p>
      {ready && (
        <button type="button" onClick={goToResult}>
          {t('speech.form.goToResult')}
        </button>
      )}
    </div>
  );
}
