import { useFormContext } from 'react-hook-form';
import { SPEC_AUDIO_FORMATS, type AudioFormat } from '@/contract';
import type { SpeechFormValues } from '../../api/speech-form-schema';
import page from '../speech-page.module.css';
import styles from './form.module.css';

const DESCRIPTION: Record<AudioFormat, string> = { pcm: 'raw samples', wav: 'default', mp3: 'smallest' };

export function FormatField() {
  const { register } = useFormContext<SpeechFormValues>();
  return (
    <fieldset className={`field ${styles.field} ${styles.formatField}`}>
      <legend>Format</legend>
      {SPEC_AUDIO_FORMATS.map((f) => (
        <label key={f} className={styles.radio}>
          <input type="radio" value={f} {...register('format')} /> {f.toUpperCase()} <span className={page.hint}>({DESCRIPTION[f]})</span>
        </label>
      ))}
    </fieldset>
  );
}
