import { useFormContext, useWatch } from 'react-hook-form';
import { type MessageKey } from '@/i18n/i18n-store';
import { useT } from '@/hooks/use-t';
import { useFormat } from '@/hooks/use-format';
import type { SpeechFormValues } from '../request';
import { FieldError } from '@/components/field-error';
import page from '../speech-page.module.css';
import styles from './form.module.css';

type Props<V extends number> = {
  name: 'common' | 'selectedEngine';
  label: string;
  known: readonly { value: V }[];
  /** Each known value's name (form/speech-labels.ts). */
  labels: Record<V, MessageKey>;
};

/** An optional integer: known values come with their meaning, any other whole number may be typed. */
export function KnownIntField<V extends number>({ name, label, known: values, labels }: Props<V>) {
  const { register, control, formState } = useFormContext<SpeechFormValues>();
  const value = useWatch({ control, name }).trim();
  const t = useT();
  const f = useFormat();
  const known = values.map((k) => ({ value: k.value, label: t(labels[k.value]) }));
  const id = `speech-${name}`;
  const meaning =
    value === '' ? t('speech.form.notSent') : (known.find((k) => String(k.value) === value)?.label ?? t('speech.form.unknownValue'));
  const error = formState.errors[name]?.message;
  return (
    <div className={`field ${styles.field}`}>
      <label htmlFor={id}>
        {label} <code>{name}</code>
      </label>
      <input
        id={id}
        list={`${id}-list`}
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('speech.form.notSent')}
        aria-invalid={Boolean(error)}
        aria-describedby={`${id}-hint ${id}-error`}
        {...register(name)}
      />
      <datalist id={`${id}-list`}>
        {known.map((k) => (
          <option key={k.value} value={String(k.value)} label={k.label} />
        ))}
      </datalist>
      <p id={`${id}-hint`} className={page.hint}>
        {meaning}
        {value === ''
          ? t('speech.form.knownValues', {
              list: f.list(known.map((k) => t('speech.form.knownValue', { value: String(k.value), label: k.label }))),
            })
          : ''}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
