import { useFormContext, useWatch } from 'react-hook-form';
import { useMemo } from 'react';
import { countSourceTextChars, SOURCE_TEXT_MAX_CHARS, truncateSourceText } from '@/contract';
import type { SpeechFormValues } from '../../api/speech-form-schema';
import { LONG_TEXT_MAX_CHARS, splitText } from '../../model/split-text';
import { FieldError } from './field-error';
import { formatCount } from '@/lib/format';
import styles from './form.module.css';

const n = formatCount;

/**
 * The text, counted in code points as the gateway counts, without the outer whitespace it is sent without. Above one request's 5,000 it goes out in
 * parts (the count says how many before sending); above 100,000 sending is blocked until trimmed.
 */
export function SourceTextField() {
  const { register, control, setValue, formState } = useFormContext<SpeechFormValues>();
  const typed = useWatch({ control, name: 'sourceText' });
  // What is sent (and so counted): the text without its outer whitespace.
  const text = typed.trim();
  const count = countSourceTextChars(text);
  const over = count > LONG_TEXT_MAX_CHARS;
  const parts = useMemo(() => (count > SOURCE_TEXT_MAX_CHARS && !over ? splitText(text).length : 1), [text, count, over]);
  const error = formState.errors.sourceText?.message;
  const trim = () => setValue('sourceText', truncateSourceText(text, LONG_TEXT_MAX_CHARS), { shouldValidate: true, shouldDirty: true });
  return (
    <div className={`field ${styles.field}`}>
      <label htmlFor="speech-text">Text to synthesize</label>
      <textarea
        id="speech-text"
        rows={6}
        aria-invalid={over || Boolean(error)}
        aria-describedby="speech-text-count speech-text-error speech-text-over"
        {...register('sourceText')}
      />
      <p id="speech-text-count" className={over ? `${styles.charCount} ${styles.isOver}` : styles.charCount}>
        {n(count)} / {n(LONG_TEXT_MAX_CHARS)} characters
        {parts > 1 && ` · sent as ${parts} parts of at most ${n(SOURCE_TEXT_MAX_CHARS)}, joined into one audio`}
        {text.length !== typed.length && ' · spaces and line breaks at the start and end are not counted or sent'}
      </p>
      {over ? (
        <div id="speech-text-over" role="alert" className={styles.overLimit}>
          <p>
            The text is {n(count)} characters, {n(count - LONG_TEXT_MAX_CHARS)} more than the {n(LONG_TEXT_MAX_CHARS)} the studio sends in
            parts, so sending is blocked.
          </p>
          <button type="button" onClick={trim}>
            Trim to {LONG_TEXT_MAX_CHARS}
          </button>
        </div>
      ) : (
        <FieldError id="speech-text-error" message={error} />
      )}
    </div>
  );
}
