import { useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useLocale, useT } from '@/hooks/use-t';
import type { SpeechFormValues } from '../request';
import { languageName } from './speech-labels';
import { useStudioSettings } from './use-studio-settings';
import { FieldError } from '@/components/field-error';
import styles from './form.module.css';

const OTHER = '__other';

/** Auto (the field is not sent), a language from the configured list, or any code the gateway may support. */
export function LanguageField() {
  const { register, control, setValue, formState } = useFormContext<SpeechFormValues>();
  const { languages } = useStudioSettings();
  const t = useT();
  const locale = useLocale();
  const value = useWatch({ control, name: 'targetLanguage' });
  const listed = value === '' || languages.some((l) => l.code === value);
  const [other, setOther] = useState(!listed);
  const selected = other || !listed ? OTHER : value;
  const error = formState.errors.targetLanguage?.message;
  const choose = (next: string) => {
    setOther(next === OTHER);
    if (next !== OTHER) setValue('targetLanguage', next, { shouldValidate: formState.isSubmitted, shouldDirty: true });
  };
  return (
    <div className={`field ${styles.field}`}>
      <label htmlFor="speech-language">{t('speech.language.label')}</label>
      <select id="speech-language" value={selected} onChange={(e) => choose(e.target.value)} aria-describedby="speech-language-error">
        <option value="">{t('speech.language.auto')}</option>
        {languages.map((l) => (
          <option key={l.code} value={l.code}>
            {t('speech.language.option', { name: languageName(t, locale, l.code, l.name), code: l.code })}
          </option>
        ))}
        <option value={OTHER}>{t('speech.language.other')}</option>
      </select>
      {selected === OTHER && (
        <>
          <label htmlFor="speech-language-code" className={styles.subLabel}>
            {t('speech.language.code')}
          </label>
          <input
            id="speech-language-code"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={Boolean(error)}
            aria-describedby="speech-language-error"
            {...register('targetLanguage')}
          />
        </>
      )}
      <FieldError id="speech-language-error" message={error} />
    </div>
  );
}
