import { memo, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '@/hooks/use-t';
import { useQueryDraft } from './use-query-draft';
import { parseQuery } from './language/parse-query';
import { suggestQuery, type Suggestion } from './language/suggest-query';
import { limitJoinedRuns, MAX_JOINED_RUN } from './language/joined-runs';
import { queryErrorText } from './query-error-text';
import { suggestionLabel, type SortOption } from './suggestion-label';
import { QUERY_INPUT_ID } from './query-input-id';
import styles from './query-box.module.css';

type Props = {
  /** The shared query (use-task-query.ts). */
  query: string;
  onQuery: (text: string) => void;
  /** The error codes the rows have, offered in a `code:` term's value (read only when the caret is in one: a pass over the rows). */
  codes: () => readonly number[];
  /** The list's sort keys and their names, shown beside `sort:` suggestions (the table's SORT_OPTIONS). */
  sortOptions: readonly SortOption[];
};

/** The text with a suggestion put in its range, and where the caret goes; a finished value is followed by a space at the end. */
function accept(text: string, from: number, to: number, s: Suggestion): { text: string; caret: number } {
  const atEnd = to >= text.length;
  const insert = s.kind === 'value' || s.kind === 'unit' ? `${s.text}${atEnd ? ' ' : ''}` : s.text;
  return { text: text.slice(0, from) + insert + text.slice(to), caret: from + insert.length };
}

/**
 * The query box (docs/query-language.md): free text and qualifiers, an ARIA 1.2 combobox with a listbox of
 * suggestions (↓/↑ to move, Enter or Tab to take one, Escape to close), and the query's errors named under it.
 * No suggestion is chosen until the arrows choose one, so Tab still leaves the box.
 */
export const QueryBox = memo(function QueryBox({ query, onQuery, codes, sortOptions }: Props) {
  const t = useT();
  const id = useId();
  const listId = `${id}-list`;
  const { draft, setDraft, checked, flush } = useQueryDraft(query, onQuery);
  // Marks and joiners past MAX_JOINED_RUN per character: left out of what is typed, and of a stored query as shown.
  const [leftOut, setLeftOut] = useState(0);
  const shown = useMemo(() => limitJoinedRuns(draft), [draft]);
  const cut = shown.left || leftOut;
  const [caret, setCaret] = useState(0);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const input = useRef<HTMLInputElement>(null);
  const placeCaret = useRef<number | null>(null);

  const suggestions = useMemo(() => (open ? suggestQuery(draft, caret, codes) : null), [open, draft, caret, codes]);
  // A choice that says just what is typed already offers nothing.
  const items = useMemo(
    () => (suggestions ? suggestions.items.filter((s) => s.text !== draft.slice(suggestions.from, suggestions.to)) : []),
    [suggestions, draft],
  );
  const expanded = items.length > 0;
  // Errors of the text in the box; the one under the caret waits for a pause (QUERY_ERROR_PAUSE_MS), as it is still being typed.
  const allErrors = useMemo(() => parseQuery(draft).errors, [draft]);
  const typing = checked !== draft;
  // A query too long is said at once (a paste makes it; no pause makes it right).
  const errors = useMemo(
    () => (typing ? allErrors.filter((e) => e.code === 'queryTooLong' || caret < e.from || caret > e.to) : allErrors),
    [typing, allErrors, caret],
  );

  useLayoutEffect(() => {
    if (placeCaret.current === null) return;
    input.current?.setSelectionRange(placeCaret.current, placeCaret.current);
    placeCaret.current = null;
  }, [draft]);

  const take = (s: Suggestion) => {
    if (!suggestions) return;
    const next = accept(draft, suggestions.from, suggestions.to, s);
    placeCaret.current = next.caret;
    setDraft(next.text);
    setCaret(next.caret);
    setActive(-1);
    // After a qualifier its values follow; after a value or unit the term is done.
    setOpen(s.kind === 'qualifier' || s.kind === 'operator');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const n = items.length;
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        e.preventDefault();
        if (!expanded) {
          setCaret(e.currentTarget.selectionStart ?? draft.length);
          setOpen(true);
          setActive(e.key === 'ArrowDown' ? 0 : -1);
        } else if (e.key === 'ArrowDown') setActive((a) => (a + 1) % n);
        else setActive((a) => (a <= 0 ? n - 1 : a - 1));
        return;
      case 'Enter':
        e.preventDefault();
        if (expanded && active >= 0) take(items[active]!);
        else {
          flush();
          setOpen(false);
        }
        return;
      case 'Tab':
        if (expanded && active >= 0 && !e.shiftKey) {
          e.preventDefault();
          take(items[active]!);
        }
        return;
      case 'Escape':
        if (expanded) {
          // Only the list closes (not a dialog around the box).
          e.preventDefault();
          e.stopPropagation();
          setOpen(false);
          setActive(-1);
        }
        return;
    }
  };

  return (
    <div className={styles.queryBox}>
      <label htmlFor={QUERY_INPUT_ID}>{t('tasks.query.label')}</label>
      <div className={styles.field}>
        <input
          ref={input}
          id={QUERY_INPUT_ID}
          type="text"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-describedby={errors.length > 0 || cut > 0 ? `${id}-hint ${id}-errors` : `${id}-hint`}
          aria-invalid={errors.length > 0 || cut > 0}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('tasks.query.placeholder')}
          value={shown.text}
          onChange={(e) => {
            const limited = limitJoinedRuns(e.target.value);
            setLeftOut(limited.left);
            setDraft(limited.text);
            setCaret(e.target.selectionStart ?? e.target.value.length);
            setOpen(true);
            setActive(-1);
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart ?? 0)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            flush();
            setOpen(false);
            setActive(-1);
          }}
        />
        <ul role="listbox" id={listId} aria-label={t('tasks.query.suggestions')} className={styles.listbox} hidden={!expanded}>
          {items.map((s, i) => (
            <li
              key={`${s.kind}-${s.text}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={styles.option}
              // Keeps the focus in the box.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => take(s)}
            >
              <code>{s.text}</code> <span className={styles.optionLabel}>{suggestionLabel(s, t, sortOptions)}</span>
            </li>
          ))}
        </ul>
      </div>
      <p id={`${id}-hint`} className={styles.hint}>
        {t('tasks.query.hint')}
      </p>
      {/* Only while there is something to say: an empty alert would still be an alert to a screen reader's list of them. */}
      {(errors.length > 0 || cut > 0) && (
        <div role="alert" id={`${id}-errors`} className={styles.errors}>
          <ul>
            {cut > 0 && <li>{t('tasks.query.limit.joinedRun', { left: cut, max: MAX_JOINED_RUN })}</li>}
            {errors.map((e) => (
              <li key={`${e.code}-${e.from}-${e.to}`}>{queryErrorText(e, t)}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
});
