import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useT } from '@/hooks/use-t';
import { useFormat } from '@/hooks/use-format';
import { ConfirmButton } from '@/components/confirm-button';
import type { SavedView, ViewProblem } from './saved-views-store';
import { viewLink } from './view-link';
import { CopyButton } from '../copy';
import { ViewNameForm } from './view-name-form';
import styles from './views.module.css';

/** Where the keyboard focus goes after a change of the list (the focused control may move or go). */
export type FocusTarget = { id: string; on: 'link' | 'up' | 'down' };

type Props = {
  view: SavedView;
  count: number | null | undefined;
  active: boolean;
  editing: boolean;
  first: boolean;
  last: boolean;
  focus: FocusTarget['on'] | null;
  onFocused: () => void;
  onOpen: () => void;
  onRename: (name: string) => Promise<ViewProblem | null>;
  onMove: (step: -1 | 1) => void;
  onDelete: () => void;
  copyLink: () => Promise<string>;
  copyWhat: () => string;
};

/** One saved view: its link (opens it here), its live count, its link to copy, and in edit mode rename, move, delete. */
export function ViewItem({
  view,
  count,
  active,
  editing,
  first,
  last,
  focus,
  onFocused,
  onOpen,
  onRename,
  onMove,
  onDelete,
  copyLink,
  copyWhat,
}: Props) {
  const t = useT();
  const f = useFormat();
  const [renaming, setRenaming] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  const rename = useRef<HTMLButtonElement>(null);
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const backToRename = useRef(false);
  const stopRenaming = () => {
    backToRename.current = true;
    setRenaming(false);
  };
  // Out of the name field (saved or cancelled): the focus goes back to the Rename button.
  useEffect(() => {
    if (renaming || !backToRename.current) return;
    backToRename.current = false;
    rename.current?.focus();
  }, [renaming]);

  useEffect(() => {
    if (!focus) return;
    // A move to the top or bottom disables the button pressed: the other one takes the focus.
    const target = { link, up: first ? down : up, down: last ? up : down }[focus];
    (target.current ?? link.current)?.focus();
    onFocused();
  }, [focus, first, last, onFocused]);

  const open = (e: MouseEvent) => {
    // A new tab or window opens the link itself.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onOpen();
  };
  const counted = count === null || count === undefined ? null : count;

  return (
    <li className={styles.item}>
      {renaming ? (
        <ViewNameForm
          label={t('tasks.views.newName', { name: view.name })}
          initial={view.name}
          submit={t('tasks.views.saveSubmit')}
          onSubmit={async (name) => {
            const problem = await onRename(name);
            if (!problem) stopRenaming();
            return problem;
          }}
          onCancel={stopRenaming}
        />
      ) : (
        <a ref={link} className={styles.link} href={viewLink('', view)} aria-current={active ? 'true' : undefined} onClick={open}>
          <span className={styles.name}>{view.name}</span>
          <span className={styles.count} aria-hidden="true">
            {counted === null ? '…' : f.number(counted)}
          </span>
          <span className="visually-hidden">
            {counted === null ? t('tasks.views.counting') : t('tasks.views.countLabel', { count: counted })}
          </span>
        </a>
      )}
      <CopyButton text={copyLink} what={copyWhat} aria-label={t('tasks.views.copyLabel', { name: view.name })}>
        {t('tasks.views.copyLink')}
      </CopyButton>
      {editing && !renaming && (
        <div role="group" aria-label={t('tasks.views.editGroup', { name: view.name })} className={styles.edit}>
          <button type="button" ref={rename} onClick={() => setRenaming(true)}>
            {t('tasks.views.rename')}
          </button>
          <button type="button" ref={up} disabled={first} onClick={() => onMove(-1)}>
            {t('tasks.views.moveUp')}
          </button>
          <button type="button" ref={down} disabled={last} onClick={() => onMove(1)}>
            {t('tasks.views.moveDown')}
          </button>
          <ConfirmButton
            label={t('tasks.views.delete')}
            confirmLabel={t('tasks.views.confirmDelete', { name: view.name })}
            onConfirm={onDelete}
          />
        </div>
      )}
    </li>
  );
}
