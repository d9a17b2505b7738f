import { useState, type ReactNode } from 'react';
import { useT } from '@/hooks/use-t';
import { useHistory } from '../history';
import type { LoadedTake } from '../take';
import { CopyCurl } from './copy-curl';
import { PartList, RedoableParts, SegmentList } from '../parts';
import { SubtitleDownloads } from '../subtitles';
import { TakeDetails } from './take-details';
import { TakePlayer } from '../player';
import page from '../speech-page.module.css';
import styles from './result.module.css';

/** The result panel's heading: "Go to result" (the form's take-ready line) moves focus here. */
export const RESULT_TITLE_ID = 'result-title';

type Props = {
  loaded: LoadedTake | null;
  /** Why the last Synthesize made no take: shown first, where the take would have been. */
  failure?: ReactNode;
};

/** The take being listened to: the newest synthesis, or one replayed from history; or why the last synthesis failed. */
export function ResultPanel({ loaded: given, failure }: Props) {
  const t = useT();
  // A part redone here replaces the take in history and in this panel, until another take is shown.
  const [redone, setRedone] = useState<{ from: LoadedTake; to: LoadedTake } | null>(null);
  const loaded = given && redone?.from === given ? redone.to : given;
  // A part is redone only in a finished take history keeps: not in a long text's preview while its parts arrive.
  const { takes } = useHistory();
  const redoable = loaded?.audio != null && takes.some((k) => k.id === loaded.take.id);
  if (!loaded || !given) {
    return (
      <section aria-labelledby={RESULT_TITLE_ID} className={`${page.panel} ${styles.emptyResult}`}>
        <h2 id={RESULT_TITLE_ID} tabIndex={-1}>
          {t('speech.result.title')}
        </h2>
        {failure ?? <p className={page.hint}>{t('speech.result.empty')}</p>}
      </section>
    );
  }
  const { take } = loaded;
  return (
    <section aria-labelledby={RESULT_TITLE_ID} className={page.panel}>
      <h2 id={RESULT_TITLE_ID} tabIndex={-1}>
        {t('speech.result.title')}
      </h2>
      {failure && (
        <>
          {failure}
          <p className={page.hint}>{t('speech.result.previous')}</p>
        </>
      )}
      <p className={styles.resultText}>
        “{take.request.sourceText.slice(0, 160)}
        {take.request.sourceText.length > 160 ? '…' : ''}”
      </p>
      <TakePlayer key={take.id} loaded={loaded} label={t('speech.result.player')}>
        {(clock, seek) => (
          <>
            <TakeDetails take={take} duration={clock.duration} blob={loaded.audio} />
            <SubtitleDownloads take={take} durationMs={clock.duration * 1000} />
            {take.parts &&
              (redoable ? (
                <RedoableParts loaded={loaded} clock={clock} onSeek={seek} onRedone={(next) => setRedone({ from: given, to: next })} />
              ) : (
                <PartList parts={take.parts} currentTime={clock.currentTime} onSeek={seek} />
              ))}
            <SegmentList speeches={take.result.speeches ?? []} currentTime={clock.currentTime} onSeek={seek} />
          </>
        )}
      </TakePlayer>
      <CopyCurl take={take} />
    </section>
  );
}
