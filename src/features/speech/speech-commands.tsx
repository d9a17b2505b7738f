import { t } from '@/i18n/i18n-store';
import { useCommandSource } from '@/hooks/use-command-source';
import { historyStore } from './history';
import { useSpeechSession, showReplay } from './session';

/** Waits (a few seconds at most) for the result panel's player to show the take, then plays it. */
function playWhenShown(waitMs = 5_000): void {
  const started = performance.now();
  const tryPlay = () => {
    const audio = document.getElementById('result-title')?.closest('section')?.querySelector('audio');
    if (audio?.src) void audio.play().catch(() => undefined);
    else if (performance.now() - started < waitMs) requestAnimationFrame(tryPlay);
  };
  requestAnimationFrame(tryPlay);
}

/** The Speech page's commands in the command palette, while the page is open: play the newest take in history. */
export function SpeechCommands() {
  const session = useSpeechSession();
  useCommandSource(() => {
    const last = historyStore.get().takes[0];
    return last
      ? [
          {
            id: 'speech:play-last',
            kind: 'action',
            label: t('speech.palette.playLast'),
            run: async () => {
              await showReplay(session, last);
              playWhenShown();
            },
          },
        ]
      : [];
  });
  return null;
}
