import { useCallback, useEffect, useState } from 'react';

/** How long the box waits after a keystroke before the list filters again (its text updates at once). */
const QUERY_COMMIT_MS = 250;
/** How long before an error is named: a term is wrong while it is still being typed (`status:f`). */
const QUERY_ERROR_PAUSE_MS = 700;

type QueryDraft = {
  /** What the box shows: every keystroke, at once. */
  draft: string;
  setDraft: (text: string) => void;
  /** The draft as of the last pause (or commit: Enter, leaving the box): while it differs, the operator is typing. */
  checked: string;
  /** Commit the draft now. */
  flush: () => void;
};

/**
 * The query box's own text over the shared query: typing is never held up, the list filters after a pause
 * (QUERY_COMMIT_MS: at 100,000 rows a filter per keystroke would be a long task per keystroke), and a change
 * from elsewhere (a status chip, the search field, a saved view, the palette) replaces the text.
 */
export function useQueryDraft(committed: string, commit: (text: string) => void): QueryDraft {
  const [draft, setDraft] = useState(committed);
  const [checked, setChecked] = useState(committed);
  // The last text this box committed or took from outside: a committed value unlike it came from elsewhere.
  const [sent, setSent] = useState(committed);
  if (committed !== sent) {
    setSent(committed);
    setDraft(committed);
    setChecked(committed);
  }

  useEffect(() => {
    if (draft === sent) return;
    const timer = setTimeout(() => {
      setSent(draft);
      commit(draft);
    }, QUERY_COMMIT_MS);
    return () => clearTimeout(timer);
  }, [draft, sent, commit]);

  useEffect(() => {
    if (checked === draft) return;
    const timer = setTimeout(() => setChecked(draft), QUERY_ERROR_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft, checked]);

  const flush = useCallback(() => {
    setChecked(draft);
    if (draft === sent) return;
    setSent(draft);
    commit(draft);
  }, [draft, sent, commit]);

  return { draft, setDraft, checked, flush };
}
