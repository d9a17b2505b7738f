import { useT } from '@/hooks/use-t';
import { viewQuery, type LinkedView } from './view-link';
import styles from './views.module.css';

type Props = { view: LinkedView; saved: boolean; onSave: () => void; onClose: () => void };

/** Says which view a link opened and what its query is, with a button to keep it among one's own views. */
export function OpenedViewBanner({ view, saved, onSave, onClose }: Props) {
  const t = useT();
  const query = viewQuery(view);
  return (
    <div className={styles.banner}>
      <p role="status">
        <strong>{t('tasks.views.opened', { name: view.name })}</strong>{' '}
        {query ? <code className={styles.query}>{t('tasks.views.openedQuery', { query })}</code> : t('tasks.views.openedEmpty')}
      </p>
      {saved ? (
        <p className={styles.hint}>{t('tasks.views.alreadySaved')}</p>
      ) : (
        <button type="button" onClick={onSave}>
          {t('tasks.views.saveLinked')}
        </button>
      )}
      <button type="button" onClick={onClose}>
        {t('tasks.views.dismiss')}
      </button>
    </div>
  );
}
