import { useFormContext, useWatch } from 'react-hook-form';
import type { SpeechFormValues } from '../../api/speech-form-schema';
import { FieldError } from './field-error';
import page from '../speech-page.module.css';
import styles from './form.module.css';

type Props = {
  name: 'common' | 'selectedEngine';
  label: string;
  known: readonly { value: number; label: string }[];
};

/** An optional integer: known values come with their meaning, any other whole number may be typed. */
export function KnownIntField({ name, label, known }: Props) {
  const { register, control, formState } = useFormContext<SpeechFormValues>();
  const value = useWatch({ control, name }).trim();
  const id = `speech-${name}`;
  const meaning = value === '' ? 'Not sent' : (known.find((k) => String(k.value) === value)?.label ?? 'Value not known to this console');
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
        placeholder="Not sent"
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
        {value === '' ? ` · known: ${known.map((k) => `${k.value} ${k.label}`).join(', ')}` : ''}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
