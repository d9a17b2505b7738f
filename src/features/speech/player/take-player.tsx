import { useState } from 'react';
import type { AudioFormat } from '@/contract';
import { useT } from '@/hooks/use-t';
import type { LoadedTake } from '../take';
import { useAudioClock, seekAndPlay, type AudioClock } from './use-audio-clock';
import { useKeepPosition } from './use-keep-position';
import { useTakeAudio } from './use-take-audio';
import { audioFileName, IS_RAW_SAMPLES } from '../audio';
import { Waveform } from './waveform';
import page from '../speech-page.module.css';
import styles from './player.module.css';

// Drawing decodes the whole file: past about 9 minutes of audio that costs more memory than a picture is worth.
const WAVEFORM_MAX_BYTES: Record<AudioFormat, number> = { pcm: 24 * 1024 * 1024, wav: 24 * 1024 * 1024, mp3: 4 * 1024 * 1024 };

type Props = { loaded: LoadedTake; label: string; children?: (clock: AudioClock, seek: (s: number) => void) => React.ReactNode };

/** Audio element, waveform and downloads for one take; children get the clock (segments follow playback). */
export function TakePlayer({ loaded, label, children }: Props) {
  const { take } = loaded;
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  const clock = useAudioClock(audio);
  const t = useT();
  useKeepPosition(audio);
  const { playable, src, playableUrl, rawUrl, remoteUrl } = useTakeAudio(loaded);
  const seek = (s: number) => seekAndPlay(audio, s);
  const raw = IS_RAW_SAMPLES[take.format];
  const rawPcmOnly = raw && !playable && remoteUrl !== null;
  const name = (ext: AudioFormat) => audioFileName(take.request, take.result.taskId, ext);
  return (
    <div className={styles.takePlayer}>
      {/* A browser cannot play headerless PCM from a URL: only bytes the page has read can be wrapped as WAV. */}
      {rawPcmOnly ? (
        <p className={page.hint}>{t('speech.player.rawOnly')}</p>
      ) : (
        src && <audio ref={setAudio} controls preload="auto" src={src} aria-label={label} />
      )}
      {playable && playable.size > WAVEFORM_MAX_BYTES[take.format] ? (
        <p className={styles.waveformNote}>{t('speech.player.tooLong')}</p>
      ) : (
        <Waveform blob={playable} currentTime={clock.currentTime} duration={clock.duration} onSeek={seek} />
      )}
      <p className={styles.downloads}>
        {raw && rawUrl && (
          <a href={rawUrl} download={name(take.format)}>
            {t('speech.player.downloadRaw')}
          </a>
        )}
        {raw && playableUrl && (
          <a href={playableUrl} download={name('wav')}>
            {t('speech.player.downloadWav')}
          </a>
        )}
        {!raw && playableUrl && (
          <a href={playableUrl} download={name(take.format)}>
            {t('speech.player.download', { ext: take.format })}
          </a>
        )}
        {remoteUrl && (
          <a href={remoteUrl} download={name(take.format)} target="_blank" rel="noreferrer">
            {t('speech.player.openUrl')}
          </a>
        )}
      </p>
      {children?.(clock, seek)}
    </div>
  );
}
