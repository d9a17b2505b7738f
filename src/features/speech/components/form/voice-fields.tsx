import { useFormContext, useWatch } from 'react-hook-form';
import { EMBEDDED_LANGUAGES, EMBEDDED_TIMBRES, EMBEDDED_VOICES } from '@/contract';
import type { SpeechFormValues } from '../../api/speech-form-schema';
import { FieldError } from './field-error';
import { HearVoice } from './hear-voice';
import page from '../speech-page.module.css';
import styles from './form.module.css';

const voiceLabel = (language: string, timbre: number) =>
  `${EMBEDDED_LANGUAGES.find((l) => l.code === language)?.name ?? language} · ${EMBEDDED_TIMBRES[timbre]?.label ?? ''}`;

/**
 * Voice name or timbre number: at least one. The name field offers the embedded gateway's voices
 * for the target language (any name can still be typed, for other gateways) and a sample of each.
 */
export function VoiceFields() {
  const { register, control, formState } = useFormContext<SpeechFormValues>();
  const language = useWatch({ control, name: 'targetLanguage' }).trim().toLowerCase();
  const voices = EMBEDDED_VOICES.filter((v) => !language || v.language === language);
  const { voiceName, timbreNumber } = formState.errors;
  return (
    <div className={styles.fieldPair}>
      <div className={`field ${styles.field}`}>
        <label htmlFor="speech-voice">Voice name</label>
        <input
          id="speech-voice"
          list="speech-voice-list"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={Boolean(voiceName)}
          aria-describedby="speech-voice-hint speech-voice-error"
          {...register('voiceName', { deps: ['timbreNumber'] })}
        />
        <datalist id="speech-voice-list">
          {voices.map((v) => (
            <option key={v.name} value={v.name} label={voiceLabel(v.language, v.timbreNumber)} />
          ))}
        </datalist>
        <p id="speech-voice-hint" className={page.hint}>
          e.g. en-us or en-us+f3; or give a timbre number
        </p>
        <FieldError id="speech-voice-error" message={voiceName?.message} />
        <HearVoice />
      </div>
      <div className={`field ${styles.field}`}>
        <label htmlFor="speech-timbre">Timbre number</label>
        <input
          id="speech-timbre"
          list="speech-timbre-list"
          inputMode="numeric"
          autoComplete="off"
          aria-invalid={Boolean(timbreNumber)}
          aria-describedby="speech-timbre-hint speech-timbre-error"
          {...register('timbreNumber', { deps: ['voiceName'] })}
        />
        <datalist id="speech-timbre-list">
          {EMBEDDED_TIMBRES.map((t) => (
            <option key={t.number} value={String(t.number)} label={t.label} />
          ))}
        </datalist>
        <p id="speech-timbre-hint" className={page.hint}>
          A whole number; 0 to 8 on the embedded gateway
        </p>
        <FieldError id="speech-timbre-error" message={timbreNumber?.message} />
      </div>
    </div>
  );
}
