import { Controller, useFormContext } from 'react-hook-form';
import { useT } from '@/hooks/use-t';
import type { SpeechFormValues } from '../request';
import { FieldError } from '@/components/field-error';
import page from '../speech-page.module.css';
import styles from './form.module.css';

type Props = {
  name: 'speedFactor' | 'volume' | 'emotion';
  label: string;
  unit?: string;
  range: { min: number; max: number; default: number };
  step: number;
};

/** A slider and a number box bound to one value; the schema, not the inputs, enforces the limits. */
export function SliderField({ name, label, unit, range, step }: Props) {
  const { control } = useFormContext<SpeechFormValues>();
  const t = useT();
  const id = `speech-${name}`;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const shown = Number.isNaN(field.value) ? '' : field.value;
        const set = (raw: string) => field.onChange(raw.trim() === '' ? Number.NaN : Number(raw));
        const describedBy = `${id}-hint ${id}-error`;
        return (
          <div className={`field ${styles.field}`}>
            <label htmlFor={id}>{unit ? t('speech.form.withUnit', { label, unit }) : label}</label>
            <div className={styles.sliderRow}>
              <input
                id={id}
                type="range"
                min={range.min}
                max={range.max}
                step={step}
                value={shown === '' ? range.default : shown}
                onChange={(e) => set(e.target.value)}
                onBlur={field.onBlur}
                aria-describedby={describedBy}
              />
              <input
                type="number"
                className={styles.sliderNumber}
                aria-label={t('speech.form.numberBox', { label })}
                step={step}
                value={shown}
                onChange={(e) => set(e.target.value)}
                onBlur={field.onBlur}
                ref={field.ref}
                aria-invalid={Boolean(fieldState.error)}
                aria-describedby={describedBy}
              />
            </div>
            <p id={`${id}-hint`} className={page.hint}>
              {t('speech.form.range', { min: range.min, max: range.max, default: range.default })}
            </p>
            <FieldError id={`${id}-error`} message={fieldState.error?.message} />
          </div>
        );
      }}
    />
  );
}
