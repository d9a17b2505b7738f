import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useT } from '@/hooks/use-t';
import type { ViewProblem } from './saved-views-store';
import { MAX_VIEW_NAME } from './view-link';
import { viewProblemText } from './view-problem';
import styles from './views.module.css';

type Props = {
  label: string;
  initial: string;
  submit: string;
  /** Saves the name: null when done, else why not (shown beside the field, which keeps the focus). */
  onSubmit: (name: string) => Promise<ViewProblem | null>;
  onCancel: () => void;
};

/** A view's name, typed to save or rename it; Escape cancels. */
export function ViewNameForm({ label, initial, submit, onSubmit, onCancel }: Props) {
  const t = useT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    // A store that cannot be opened (storage off or full) says so in the same place.
    const refused = await onSubmit(name).then(
      (p) => p && viewProblemText(p, t),
      () => t('tasks.views.unavailable'),
    );
    setBusy(false);
    setProblem(refused);
    if (refused) input.current?.focus();
  };
  const escape = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    e.stopPropagation();
    onCancel();
  };
  return (
    <form className={styles.nameForm} onSubmit={(e) => void send(e)} onKeyDown={escape}>
      <label htmlFor={`${id}-name`}>{label}</label>
      <input
        id={`${id}-name`}
        ref={input}
        value={name}
        maxLength={MAX_VIEW_NAME * 2}
        autoFocus
        onFocus={(e) => e.currentTarget.select()}
        onChange={(e) => setName(e.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      <button type="submit" disabled={busy}>
        {submit}
      </button>
      <button type="button" onClick={onCancel}>
        {t('tasks.views.cancel')}
      </button>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="field-error">
          {problem}
        </p>
      )}
    </form>
  );
}
