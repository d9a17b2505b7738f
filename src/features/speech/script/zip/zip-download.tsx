import { useState } from 'react';
import { useT } from '@/hooks/use-t';
import { saveFile } from '@/lib/save-file';
import { loudnessSettingStore, loudnessTarget } from '../../loudness';
import { readScriptTakes } from '../queue/script-db';
import type { ScriptJob } from '../queue/script-queue-store';
import { zipInputs } from './zip-inputs';
import styles from '../script.module.css';

type ZipState =
  | { kind: 'idle' }
  | { kind: 'making'; done: number; total: number }
  | { kind: 'ready'; files: number; noAudio: number }
  | { kind: 'failed'; message: string };

/** "Download all (zip)": every made line's audio, its subtitles and manifest.csv, made in a worker. */
export function ZipDownload({ job }: { job: ScriptJob }) {
  const t = useT();
  const [zip, setZip] = useState<ZipState>({ kind: 'idle' });
  const target = loudnessTarget(loudnessSettingStore.use());
  const made = job.state.lines.some((l) => l.status === 'done' || l.result !== undefined);

  const download = async () => {
    try {
      const stored = await readScriptTakes(job.id);
      const takes = zipInputs(stored, job.rows);
      setZip({ kind: 'making', done: 0, total: takes.length });
      const { runZip } = await import('./run-zip');
      const blob = await runZip({ takes, targetLufs: target }, (done) => setZip({ kind: 'making', done, total: takes.length }));
      // A zip of 50 takes is tens of MB: its URL is kept a minute while the browser writes it.
      saveFile(blob, `script-${new Date().toISOString().slice(0, 16).replace(/[-:T]/g, '')}.zip`, 60_000);
      setZip({ kind: 'ready', files: takes.length, noAudio: stored.length - takes.length });
    } catch (error) {
      setZip({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  return (
    <div className={styles.zip}>
      <div className="form-actions">
        <button type="button" disabled={!made || zip.kind === 'making'} onClick={() => void download()}>
          {t('speech.script.zip.download')}
        </button>
        <span className={styles.zipNote}>
          {target === null ? t('speech.script.zip.loudnessOff') : t('speech.script.zip.loudness', { target: String(target) })}
        </span>
      </div>
      <p role="status" className={styles.zipStatus}>
        {zip.kind === 'making' && t('speech.script.zip.making', { done: zip.done, total: zip.total })}
        {zip.kind === 'ready' && t('speech.script.zip.ready', { count: zip.files })}
        {zip.kind === 'ready' && zip.noAudio > 0 && ` ${t('speech.script.zip.noAudio', { count: zip.noAudio })}`}
      </p>
      {zip.kind === 'failed' && <p role="alert">{t('speech.script.zip.failed', { message: zip.message })}</p>}
    </div>
  );
}
