import { useFormContext, useWatch } from 'react-hook-form';
import { EMBEDDED_TIMBRES, EMBEDDED_VOICES } from '@/contract';
import { type Translate } from '@/i18n/i18n-store';
import { useLocale, useT } from '@/hooks/use-t';
import type { SpeechFormValues } from '../request';
import { languageName, timbreLabel } from './speech-labels';
import { FieldError } from '@/components/field-error';
import { HearVoice } from './hear-voice';
import page from '../speech-page.module.css';
import styles from './form.module.css';

const voiceLabel = (t: Translate, locale: string, language: string, timbre: number) =>
  t('speech.voice.option', { language: languageName(t, locale, language), timbre: timbreLabel(t, EMBEDDED_TIMBRES[timbre]) });

/**
 * Voice name or timbre number: at least one. The name field offers the embedded gateway's voices
 * for the target language (any name can still be typed, for other gateways) and a sample of each.
 */
export function VoiceFields() {
  const { register, control, formState } = useFormContext<SpeechFormValues>();
  const language = useWatch({ control, name: 'targetLanguage' }).trim().toLowerCase();
  const voices = EMBEDDED_VOICES.filter((v) => !language || v.language === language);
  const { voiceName, timbreNumber } = formState.errors;
  const t = useT();
  const locale = useLocale();
  return (
    <div className={styles.fieldPair}>
      <div className={`field ${styles.field}`}>
        <label htmlFor="speech-voice">{t('speech.voice.name')}</label>
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
            <option key={v.name} value={v.name} label={voiceLabel(t, locale, v.language, v.timbreNumber)} />
          ))}
        </datalist>
        <p id="speech-voice-hint" className={page.hint}>
          {t('speech.voice.nameHint')}
        </p>
        <FieldError id="speech-voice-error" message={voiceName?.message} />
        <HearVoice />
      </div>
      <div className={`field ${styles.field}`}>
        <label htmlFor="speech-timbre">{t('speech.voice.timbre')}</label>
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
          {EMBEDDED_TIMBRES.map((timbre) => (
            <option key={timbre.number} value={String(timbre.number)} label={timbreLabel(t, timbre)} />
          ))}
        </datalist>
        <p id="speech-timbre-hint" className={page.hint}>
          {t('speech.voice.timbreHint', { min: 0, max: EMBEDDED_TIMBRES.length - 1 })}
        </p>
        <FieldError id="speech-timbre-error" message={timbreNumber?.message} />
      </div>
    </div>
  );
}
