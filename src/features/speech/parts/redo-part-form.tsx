import { useId, useState, type FormEvent } from 'react';
import { countSourceTextChars, SOURCE_TEXT_MAX_CHARS } from '@/contract';
import { useFormat } from '@/hooks/use-format';
import { useT } from '@/hooks/use-t';
import { applyLexicon, lexiconStore } from '../lexicon';
import styles from './parts.module.css';

type Props = {
  n: number;
  text: string;
  /** The take's language, for the pronunciation rules of one language. */
  language?: string | undefined;
  pending: boolean;
  onSubmit: (text: string) => void;
  onCancel: () => void;
};

/**
 * The text of one part, editable, checked against the form's limits (not empty, at most one
 * request) before it is sent again. Edited text goes through the pronunciation lexicon, as the
 * form's does (read when checked); the part's own text was sent so already and goes as it is.
 */
export function RedoPartForm({ n, text, language, pending, onSubmit, onCancel }: Props) {
  const t = useT();
  const f = useFormat();
  const id = useId();
  const [value, setValue] = useState(text);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const sent = value === text ? text : applyLexicon(value, lexiconStore.get(), language).text.trim();
    const chars = countSourceTextChars(sent);
    if (sent.trim() === '') return setProblem(t('speech.takes.redoEmpty', { n }));
    if (chars > SOURCE_TEXT_MAX_CHARS)
      return setProblem(t('speech.takes.redoTooLong', { n, chars: f.number(chars), max: f.number(SOURCE_TEXT_MAX_CHARS) }));
    setProblem(null);
    onSubmit(sent);
  };
  return (
    <form className={styles.redoForm} onSubmit={submit} noValidate>
      <label htmlFor={`${id}-text`}>{t('speech.takes.redoText', { n })}</label>
      <textarea
        id={`${id}-text`}
        rows={4}
        value={value}
        // Focus goes to the text on opening: the operator came here to read or edit it.
        autoFocus
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(e) => setValue(e.target.value)}
      />
      {problem && (
        <p id={`${id}-problem`} role="alert" className="field-error">
          {problem}
        </p>
      )}
      <div>
        <button type="submit" aria-disabled={pending || undefined}>
          {pending ? t('speech.takes.redoing', { n }) : t('speech.takes.redoSend', { n })}
        </button>{' '}
        <button type="button" onClick={onCancel}>
          {t('speech.takes.redoCancel')}
        </button>
      </div>
    </form>
  );
}
