import { useT } from '@/hooks/use-t';
import { useFormat } from '@/hooks/use-format';
import type { Take } from '../take';
import { useLoadedTakes } from './use-loaded-takes';
import { parameterDifferences } from './take-diff';
import { TakePlayer } from '../player';
import page from '../speech-page.module.css';
import styles from './history.module.css';

const clip = (s: string) => (s.length > 80 ? `${s.slice(0, 80)}…` : s);

/** Two takes side by side, with the request parameters that differ. */
export function ComparePanel({ takes, onClose }: { takes: readonly [Take, Take]; onClose: () => void }) {
  const loaded = useLoadedTakes(takes);
  const t = useT();
  const f = useFormat();
  const differences = parameterDifferences(takes[0].request, takes[1].request);
  const label = (i: number) => (i === 0 ? t('speech.compare.takeA') : t('speech.compare.takeB'));
  const show = (v: string | undefined) => (v === undefined ? t('speech.compare.notSent') : clip(v));
  return (
    <section aria-labelledby="compare-title" className={`${page.panel} ${styles.comparePanel}`}>
      <div className={styles.historyHead}>
        <h2 id="compare-title">{t('speech.compare.title')}</h2>
        <button type="button" onClick={onClose}>
          {t('speech.compare.close')}
        </button>
      </div>
      <div className={styles.compareGrid}>
        {(loaded ?? []).map((l, i) => (
          <div key={l.take.id} className={styles.compareCell}>
            <h3>{label(i)}</h3>
            <p className={page.hint}>
              {f.dateTime(l.take.createdAt)} · {l.take.result.taskId}
            </p>
            <TakePlayer loaded={l} label={t('speech.compare.audio', { take: label(i) })} />
          </div>
        ))}
      </div>
      {differences.length === 0 ? (
        <p>{t('speech.compare.same')}</p>
      ) : (
        <table className={styles.diffTable}>
          <caption>{t('speech.compare.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('speech.compare.parameter')}</th>
              <th scope="col">{t('speech.compare.takeA')}</th>
              <th scope="col">{t('speech.compare.takeB')}</th>
            </tr>
          </thead>
          <tbody>
            {differences.map((d) => (
              <tr key={d.parameter}>
                <th scope="row">
                  <code>{d.parameter}</code>
                </th>
                <td>{show(d.a)}</td>
                <td>{show(d.b)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
