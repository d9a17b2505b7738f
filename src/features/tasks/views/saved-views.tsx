import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { t as currentT } from '@/i18n/i18n-store';
import { useT } from '@/hooks/use-t';
import type { WatchedTask } from '../rows';
import { viewLink, viewParts, viewQuery } from './view-link';
import { shareLink } from '../shared-links';
import { taskQueryStore } from '../query';
import { useSavedViews, useSavedViewsScope, type SavedViewsList } from './use-saved-views';
import { useSavedViewCounts } from './use-saved-view-counts';
import { openedViewStore, openSavedView } from './open-saved-view';
import { deleteView, renameView, reorderViews, saveView, type SavedView } from './saved-views-store';
import { overviewPartsStore } from '../overview';
import { announce } from '../announcer';
import { ViewItem, type FocusTarget } from './view-item';
import { ViewNameForm } from './view-name-form';
import styles from './views.module.css';
import { SAVE_VIEW_BUTTON_ID } from './save-view-button-id';

type Props = { ids: readonly string[]; rows: readonly WatchedTask[]; version: number; stallMs: number };

/** Trimmed, so a query that differs only in outer spaces is the same view. */
const same = (a: string, b: string) => a.trim() === b.trim();

/**
 * Saved views beside the watch list (issue 28): "Save view" names the current query, its sort and the overview's open
 * parts; the list opens them, counts their rows live, copies their links, and in edit mode renames, moves and deletes.
 * A link to a view (`?view=…&q=…`) opens on the Tasks page itself (opened-view.tsx).
 */
export function SavedViews({ ids, rows, version, stallMs }: Props) {
  const scope = useSavedViewsScope();
  const saved = useSavedViews(scope);
  const queries = useMemo(() => saved.views.map((v) => v.query), [saved.views]);
  const counts = useSavedViewCounts(queries, rows, version, stallMs);
  return <ViewsPanel ids={ids} scope={scope} saved={saved} counts={counts} />;
}

type PanelProps = { ids: readonly string[]; scope: string; saved: SavedViewsList; counts: ReadonlyMap<string, number | null> };

// Memoized: a poll update brings new rows every time, but the panel changes only with a count (or the list, the query).
const ViewsPanel = memo(function ViewsPanel({ ids, scope, saved, counts }: PanelProps) {
  const t = useT();
  // The board keeps the query and the address in step (useTaskQuery); the panel only reads it (a view link sets it).
  const query = taskQueryStore.use();
  const { views, loaded, unavailable, replace } = saved;
  const [naming, setNaming] = useState(false);
  const [editing, setEditing] = useState(false);
  const [withList, setWithList] = useState(false);
  const openedId = openedViewStore.use();
  const [focus, setFocus] = useState<FocusTarget | null>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const onFocused = useCallback(() => setFocus(null), [setFocus]);

  const matching = views.filter((v) => same(viewQuery(v), query));
  const active = matching.find((v) => v.id === openedId) ?? matching[0];

  const closeNaming = () => {
    setNaming(false);
    // After the form, the focus goes back where it came from.
    requestAnimationFrame(() => saveButton.current?.focus());
  };

  const save = async (name: string) => {
    const result = await saveView(scope, { name, ...viewParts(query), openParts: overviewPartsStore.get() });
    if (!result.ok) return result.problem;
    openedViewStore.set(result.value.id);
    announce(currentT('tasks.views.saved', { name: result.value.name }));
    closeNaming();
    return null;
  };

  // Each move or delete shows its list at once; a stored order that comes back after a newer change would put back the
  // list as it was before that change (a deleted view, an earlier order) and move the focused link in the DOM, which
  // drops its focus. Only the newest change's answer is shown.
  const changes = useRef(0);

  const move = async (view: SavedView, step: -1 | 1) => {
    const mine = ++changes.current;
    const order = views.map((v) => v.id);
    const i = order.indexOf(view.id);
    const j = i + step;
    if (j < 0 || j >= order.length) return;
    [order[i], order[j]] = [order[j]!, order[i]!];
    replace(views.map((_, k) => views.find((v) => v.id === order[k])!));
    setFocus({ id: view.id, on: step < 0 ? 'up' : 'down' });
    const stored = await reorderViews(scope, order);
    if (mine === changes.current) replace(stored);
  };

  const remove = async (view: SavedView) => {
    changes.current++;
    const i = views.indexOf(view);
    const next = views[i + 1] ?? views[i - 1];
    replace(views.filter((v) => v !== view));
    if (next) setFocus({ id: next.id, on: 'link' });
    else saveButton.current?.focus();
    announce(currentT('tasks.views.deleted', { name: view.name }));
    await deleteView(scope, view.id);
  };

  const linkOf = async (view: SavedView) => {
    const hash = withList ? new URL(await shareLink(ids)).hash : '';
    return viewLink(window.location.origin, view, hash);
  };

  return (
    <div className={styles.views}>
      <nav aria-labelledby="saved-views-title" className={styles.nav}>
        <div className={styles.head}>
          <h2 id="saved-views-title">{t('tasks.views.title')}</h2>
          {!naming ? (
            <button type="button" id={SAVE_VIEW_BUTTON_ID} ref={saveButton} onClick={() => setNaming(true)}>
              {t('tasks.views.save')}
            </button>
          ) : (
            <ViewNameForm
              label={t('tasks.views.name')}
              initial=""
              submit={t('tasks.views.saveSubmit')}
              onSubmit={save}
              onCancel={closeNaming}
            />
          )}
          {views.length > 0 && (
            <>
              <button type="button" aria-pressed={editing} onClick={() => setEditing(!editing)}>
                {t('tasks.views.edit')}
              </button>
              <label className={styles.inlineCheck}>
                <input type="checkbox" checked={withList} onChange={(e) => setWithList(e.target.checked)} /> {t('tasks.views.withList')}
              </label>
            </>
          )}
        </div>
        {unavailable ? (
          <p role="alert" className={styles.hint}>
            {t('tasks.views.unavailable')}
          </p>
        ) : loaded && views.length === 0 ? (
          <p className={styles.hint}>{t('tasks.views.empty')}</p>
        ) : (
          <ul className={editing ? `${styles.list} ${styles.editing}` : styles.list}>
            {views.map((view, i) => (
              <ViewItem
                key={view.id}
                view={view}
                count={counts.get(view.query)}
                active={view === active}
                editing={editing}
                first={i === 0}
                last={i === views.length - 1}
                focus={focus?.id === view.id ? focus.on : null}
                onFocused={onFocused}
                onOpen={() => openSavedView(view)}
                onRename={async (name) => {
                  const result = await renameView(scope, view.id, name);
                  if (!result.ok) return result.problem;
                  announce(currentT('tasks.views.renamed', { name: result.value.name }));
                  return null;
                }}
                onMove={(step) => void move(view, step)}
                onDelete={() => void remove(view)}
                copyLink={() => linkOf(view)}
                copyWhat={() =>
                  withList
                    ? t('tasks.views.copyWhatWithList', { name: view.name, count: ids.length })
                    : t('tasks.views.copyWhat', { name: view.name })
                }
              />
            ))}
          </ul>
        )}
      </nav>
    </div>
  );
});
