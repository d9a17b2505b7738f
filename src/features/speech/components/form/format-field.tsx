import { useFormContext } from 'react-hook-form';
import { AUDIO_FORMATS } from '@/contract';
import type { SpeechFormValues } from '../../api/speech-form-schema';

const DESCRIPTION = { pcm: 'raw samples', wav: 'default', mp3: 'smallest' } as const;

export function FormatField() {
  const { register } = useFormContext<SpeechFormValues>();
  return (
    <fieldset className="field format-field">
      <legend>Format</legend>
      {AUDIO_FORMATS.map((f) => (
        <label key={f} className="radio">
          <input type="radio" value={f} {...register('format')} /> {f.toUpperCase()} <span className="hint">({DESCRIPTION[f]})</span>
        </label>
      ))}
    </fieldset>
  );
}
