import { useFormContext } from 'react-hook-form';
import { SPEC_AUDIO_FORMATS, type AudioFormat } from '@/contract';
import { type MessageKey } from '@/i18n/i18n-store';
import { useT } from '@/hooks/use-t';
import type { SpeechFormValues } from '../request';
import page from '../speech-page.module.css';
import styles from './form.module.css';

const DESCRIPTION: Record<AudioFormat, MessageKey> = {
  pcm: 'speech.form.formatNote.pcm',
  wav: 'speech.form.formatNote.wav',
  mp3: 'speech.form.formatNote.mp3',
};

export function FormatField() {
  const { register } = useFormContext<SpeechFormValues>();
  const t = useT();
  return (
    <fieldset className={`field ${styles.field} ${styles.formatField}`}>
      <legend>{t('speech.form.format')}</legend>
      {SPEC_AUDIO_FORMATS.map((f) => (
        <label key={f} className={styles.radio}>
          <input type="radio" value={f} {...register('format')} /> {f.toUpperCase()} <span className={page.hint}>{t(DESCRIPTION[f])}</span>
        </label>
      ))}
    </fieldset>
  );
}
