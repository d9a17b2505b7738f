import { useEffect, useRef, type MouseEvent } from 'react';
import { useWaveform } from './use-waveform';
import { formatSeconds } from '@/lib/format';
import { useT } from '@/hooks/use-t';
import styles from './player.module.css';

const COLUMNS = 480;
const HEIGHT = 72;

type Props = { blob: Blob | null; currentTime: number; duration: number; onSeek: (seconds: number) => void };

/** A picture of the take; click to play from a point. The audio element's own controls stay the keyboard way to seek. */
export function Waveform({ blob, currentTime, duration, onSeek }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { status, peaks } = useWaveform(blob, COLUMNS);
  const t = useT();

  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext('2d');
    if (!el || !ctx || !peaks) return;
    const ratio = window.devicePixelRatio || 1;
    el.width = COLUMNS * 2 * ratio;
    el.height = HEIGHT * ratio;
    ctx.scale(ratio, ratio);
    ctx.fillStyle = getComputedStyle(el).color;
    const max = Math.max(0.05, ...peaks);
    peaks.forEach((p, i) => {
      const h = Math.max(1, (p / max) * (HEIGHT - 4));
      ctx.fillRect(i * 2, (HEIGHT - h) / 2, 1.5, h);
    });
    performance.mark('speech-waveform-drawn');
  }, [peaks]);

  if (!blob) return <p className={styles.waveformNote}>{t('speech.waveform.unreadable')}</p>;
  const seek = (e: MouseEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    if (duration > 0) onSeek(((e.clientX - box.left) / box.width) * duration);
  };
  const progress = duration > 0 ? Math.min(100, (currentTime / duration) * 100) : 0;
  return (
    <div className={styles.waveform} data-state={status}>
      <canvas ref={canvas} role="img" aria-label={t('speech.waveform.label', { duration: formatSeconds(duration) })} onClick={seek} />
      <div className={styles.waveformProgress} style={{ width: `${progress}%` }} aria-hidden="true" />
      {status === 'drawing' && <p className={styles.waveformNote}>{t('speech.waveform.drawing')}</p>}
      {status === 'failed' && <p className={styles.waveformNote}>{t('speech.waveform.failed')}</p>}
    </div>
  );
}
