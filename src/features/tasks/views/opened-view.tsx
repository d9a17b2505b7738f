import { useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { t as currentT } from '@/i18n/i18n-store';
import { useT } from '@/hooks/use-t';
import { sameView, viewQuery, type LinkedView } from './view-link';
import { saveView } from './saved-views-store';
import { useSavedViews, useSavedViewsScope } from './use-saved-views';
import { openedViewStore } from './open-saved-view';
import { ViewNameForm } from './view-name-form';
import { overviewPartsStore } from '../overview';
import { announce } from '../announcer';
import styles from './views.module.css';

type Props = {
  view: LinkedView;
  onClose: () => void;
  /** Shown under the view's words (the Tasks page's: the query box and how to fill an empty list). */
  children?: ReactNode;
};

/**
 * A view a link opened (issue 39): its name and query, "Save this view" (naming it, the link's name first) unless this
 * profile has it already, and Close. The name came from a link: it is shown as text, as readViewLink cut it.
 */
export function OpenedView({ view, onClose, children }: Props) {
  const t = useT();
  const titleId = useId();
  const scope = useSavedViewsScope();
  const { views } = useSavedViews(scope);
  const [naming, setNaming] = useState(false);
  const [savedId, setSavedId] = useState<string | null>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const query = viewQuery(view);
  const saved = views.some((v) => v.id === savedId || sameView(v, view));

  const stopNaming = (focus: RefObject<HTMLButtonElement | null>) => {
    setNaming(false);
    // The form leaves: the focus goes to the control that takes its place (rendered by then).
    requestAnimationFrame(() => focus.current?.focus());
  };
  const save = async (name: string) => {
    const result = await saveView(scope, { name, query: view.query, sort: view.sort, openParts: overviewPartsStore.get() });
    if (!result.ok) return result.problem;
    setSavedId(result.value.id);
    openedViewStore.set(result.value.id);
    announce(currentT('tasks.views.saved', { name: result.value.name }));
    stopNaming(closeButton);
    return null;
  };

  return (
    <section className={styles.banner} aria-labelledby={titleId}>
      <p role="status">
        <strong id={titleId}>{t('tasks.views.opened', { name: view.name })}</strong>{' '}
        {query ? <code className={styles.query}>{t('tasks.views.openedQuery', { query })}</code> : t('tasks.views.openedEmpty')}
      </p>
      {children && <div className={styles.bannerBody}>{children}</div>}
      {saved ? (
        <p className={styles.hint}>{t('tasks.views.alreadySaved')}</p>
      ) : naming ? (
        <ViewNameForm
          label={t('tasks.views.name')}
          initial={view.name}
          submit={t('tasks.views.saveSubmit')}
          onSubmit={save}
          onCancel={() => stopNaming(saveButton)}
        />
      ) : (
        <button type="button" ref={saveButton} onClick={() => setNaming(true)}>
          {t('tasks.views.saveLinked')}
        </button>
      )}
      <button type="button" ref={closeButton} onClick={onClose}>
        {t('tasks.views.dismiss')}
      </button>
    </section>
  );
}
