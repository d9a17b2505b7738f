import type { Take } from '../../model/take';
import { useLoadedTakes } from '../../hooks/use-loaded-takes';
import { parameterDifferences } from '../../model/take-diff';
import { TakePlayer } from '../player/take-player';
import page from '../speech-page.module.css';
import styles from './history.module.css';

const clip = (s: string) => (s.length > 80 ? `${s.slice(0, 80)}…` : s);

/** Two takes side by side, with the request parameters that differ. */
export function ComparePanel({ takes, onClose }: { takes: readonly [Take, Take]; onClose: () => void }) {
  const loaded = useLoadedTakes(takes);
  const differences = parameterDifferences(takes[0].request, takes[1].request);
  const label = (i: number) => `Take ${i === 0 ? 'A' : 'B'}`;
  return (
    <section aria-labelledby="compare-title" className={`${page.panel} ${styles.comparePanel}`}>
      <div className={styles.historyHead}>
        <h2 id="compare-title">Compare two takes</h2>
        <button type="button" onClick={onClose}>
          Close comparison
        </button>
      </div>
      <div className={styles.compareGrid}>
        {(loaded ?? []).map((l, i) => (
          <div key={l.take.id} className={styles.compareCell}>
            <h3>{label(i)}</h3>
            <p className={page.hint}>
              {new Date(l.take.createdAt).toLocaleString()} · {l.take.result.taskId}
            </p>
            <TakePlayer loaded={l} label={`${label(i)} audio`} />
          </div>
        ))}
      </div>
      {differences.length === 0 ? (
        <p>The two takes were made with the same parameters.</p>
      ) : (
        <table className={styles.diffTable}>
          <caption>Parameters that differ</caption>
          <thead>
            <tr>
              <th scope="col">Parameter</th>
              <th scope="col">Take A</th>
              <th scope="col">Take B</th>
            </tr>
          </thead>
          <tbody>
            {differences.map((d) => (
              <tr key={d.parameter}>
                <th scope="row">
                  <code>{d.parameter}</code>
                </th>
                <td>{clip(d.a)}</td>
                <td>{clip(d.b)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
