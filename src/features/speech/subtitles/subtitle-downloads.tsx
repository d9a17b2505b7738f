import { useMemo } from 'react';
import { useT } from '@/hooks/use-t';
import { saveFile } from '@/lib/save-file';
import type { Take } from '../take';
import { cuesOfTake, subtitleFile, type SubtitleKind } from './subtitle-file';
import page from '../speech-page.module.css';
import styles from './subtitles.module.css';

type Props = { take: Take; durationMs: number };

/** SRT and WebVTT of the take being played: from its segments, or estimated (and saying so) when it has none. */
export function SubtitleDownloads({ take, durationMs }: Props) {
  const t = useT();
  const cues = useMemo(() => cuesOfTake(take, durationMs), [take, durationMs]);
  // Estimated cues need the audio's length: none until the player knows it.
  if (cues.cues.length === 0 || (cues.estimated && durationMs <= 0)) return null;
  const download = (kind: SubtitleKind) => {
    const file = subtitleFile(take, cues, kind);
    saveFile(file.blob, file.name);
  };
  return (
    <div className={styles.subtitles} role="group" aria-labelledby="subtitles-title">
      <span id="subtitles-title">{t('speech.takes.subtitles')}</span>{' '}
      <button type="button" onClick={() => download('srt')} aria-label={t('speech.takes.srtLabel')}>
        {t('speech.takes.srt')}
      </button>{' '}
      <button type="button" onClick={() => download('vtt')} aria-label={t('speech.takes.vttLabel')}>
        {t('speech.takes.vtt')}
      </button>
      {cues.estimated && <p className={page.hint}>{t('speech.takes.estimated')}</p>}
      {cues.skippedSegments.length > 0 && <p className={page.hint}>{t('speech.takes.skipped', { count: cues.skippedSegments.length })}</p>}
    </div>
  );
}
