import { useFormContext, useWatch } from 'react-hook-form';
import { useDeferredValue, useMemo } from 'react';
import { countSourceTextChars, SOURCE_TEXT_MAX_CHARS, truncateSourceText } from '@/contract';
import type { SpeechFormValues } from '../request';
import { applyLexicon, useLexiconRules, SentPreview, SetAsideRules } from '../lexicon';
import { LONG_TEXT_MAX_CHARS, splitText } from '../long-text';
import { FieldError } from '@/components/field-error';
import { useT } from '@/hooks/use-t';
import styles from './form.module.css';

/**
 * The text, counted in code points as the gateway counts, without the outer whitespace it is sent without. Above one request's 5,000 it goes out in
 * parts (the count says how many before sending); above 100,000 sending is blocked until trimmed.
 * With pronunciation rules that fire, the text sent is the rewritten one: it is shown under the
 * field ("Text sent"), counted, split in parts and checked against 100,000 as such.
 */
export function SourceTextField() {
  const { register, control, setValue, formState } = useFormContext<SpeechFormValues>();
  const t = useT();
  const typed = useWatch({ control, name: 'sourceText' });
  // What is sent (and so counted): the text without its outer whitespace.
  const text = typed.trim();
  const count = countSourceTextChars(text);
  const over = count > LONG_TEXT_MAX_CHARS;
  const rules = useLexiconRules();
  const language = useWatch({ control, name: 'targetLanguage' });
  // Typing stays first: the rewrite (fast, but a pass per rule) follows a keystroke behind when busy.
  const lexiconText = useDeferredValue(over ? '' : text);
  const rewritten = useMemo(
    () => (rules.length > 0 && lexiconText !== '' ? applyLexicon(lexiconText, rules, language) : null),
    [lexiconText, rules, language],
  );
  const sent = rewritten && rewritten.fired.length > 0 ? rewritten.text.trim() : lexiconText;
  // Past the limit the rewrite stops building (issue 36) and gives the whole length it counted.
  const sentCount = rewritten?.tooLong ? rewritten.chars : sent === lexiconText ? count : countSourceTextChars(sent);
  const sentOver = !over && sentCount > LONG_TEXT_MAX_CHARS;
  const parts = useMemo(
    () => (sentCount > SOURCE_TEXT_MAX_CHARS && sentCount <= LONG_TEXT_MAX_CHARS ? splitText(sent).length : 1),
    [sent, sentCount],
  );
  const error = formState.errors.sourceText?.message;
  const trim = () => setValue('sourceText', truncateSourceText(text, LONG_TEXT_MAX_CHARS), { shouldValidate: true, shouldDirty: true });
  return (
    <div className={`field ${styles.field}`}>
      <label htmlFor="speech-text">{t('speech.text.label')}</label>
      <textarea
        id="speech-text"
        rows={6}
        aria-invalid={over || Boolean(error)}
        aria-describedby="speech-text-count speech-text-error speech-text-over speech-text-sent"
        {...register('sourceText')}
      />
      <p id="speech-text-count" className={over ? `${styles.charCount} ${styles.isOver}` : styles.charCount}>
        {t('speech.text.count', { count, max: LONG_TEXT_MAX_CHARS })}
        {sentCount !== count && !over && t('speech.lexicon.sentCount', { count: sentCount })}
        {parts > 1 && t('speech.text.parts', { parts, size: SOURCE_TEXT_MAX_CHARS })}
        {text.length !== typed.length && t('speech.text.trimmed')}
      </p>
      {over ? (
        <div id="speech-text-over" role="alert" className={styles.overLimit}>
          <p>{t('speech.text.over', { count, extra: count - LONG_TEXT_MAX_CHARS, max: LONG_TEXT_MAX_CHARS })}</p>
          <button type="button" onClick={trim}>
            {t('speech.text.trim', { max: LONG_TEXT_MAX_CHARS })}
          </button>
        </div>
      ) : (
        <FieldError
          id="speech-text-error"
          message={sentOver ? t('speech.lexicon.sentTooLong', { chars: sentCount, max: LONG_TEXT_MAX_CHARS }) : error}
        />
      )}
      <SetAsideRules rules={rules} />
      {rewritten && !rewritten.tooLong && <SentPreview id="speech-text-sent" rewritten={rewritten} rules={rules} />}
    </div>
  );
}
