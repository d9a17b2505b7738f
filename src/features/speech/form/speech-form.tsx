import { useEffect, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { countSourceTextChars, EMOTION, SPEECH_ENGINES, SPEED_FACTOR, VOICE_SCOPES, VOLUME_DB, type SpeechRequest } from '@/contract';
import { t as translate } from '@/i18n/i18n-store';
import { useT } from '@/hooks/use-t';
import { tNodes } from '@/i18n/t-nodes';
import { GatewayRequestError } from '@/lib/gateway-error';
import { sentSpeechFormSchema, speechFormErrorMap, type SpeechFormValues, fieldOfGatewayError } from '../request';
import { draftStore } from './draft-store';
import { LONG_TEXT_MAX_CHARS } from '../long-text';
import { ENGINE_LABEL, VOICE_SCOPE_LABEL } from './speech-labels';
import { FormatField } from './format-field';
import { KnownIntField } from './known-int-field';
import { LanguageField } from './language-field';
import { SliderField } from './slider-field';
import { SourceTextField } from './source-text-field';
import { VoiceFields } from './voice-fields';
import page from '../speech-page.module.css';
import styles from './form.module.css';

/** Values put back into the form (a take reused from history); a new key each time, so the same values apply again. */
export type FormPreset = { values: SpeechFormValues; key: number };

type Props = {
  preset: FormPreset | null;
  pending: boolean;
  onSynthesize: (request: SpeechRequest) => Promise<unknown>;
  onCancel: () => void;
  /** Shown under the buttons while a long text is sent (its progress). */
  status?: ReactNode;
};

/** The Synthesize button, where focus goes back to after Cancel and Try again. */
export const SUBMIT_ID = 'speech-submit';

// The text is checked and sent as the pronunciation rules rewrite it.
const resolver = zodResolver(sentSpeechFormSchema, { error: speechFormErrorMap });

/** Every field of the request. The draft is saved as it is typed and stays after a gateway error. */
export function SpeechForm({ preset, pending, onSynthesize, onCancel, status }: Props) {
  const form = useForm<SpeechFormValues, unknown, SpeechRequest>({ resolver, defaultValues: draftStore.get() });
  const { handleSubmit, subscribe, reset, setError, setFocus, control } = form;
  const t = useT();

  // subscribe (not watch) saves the draft on every change without re-rendering the form.
  useEffect(() => subscribe({ formState: { values: true }, callback: ({ values }) => draftStore.save(values) }), [subscribe]);

  useEffect(() => {
    if (preset) reset(preset.values);
  }, [preset, reset]);

  const send = handleSubmit(async (request) => {
    try {
      await onSynthesize(request);
    } catch (error) {
      const field = fieldOfGatewayError(error);
      if (field && error instanceof GatewayRequestError) {
        setError(field, { type: 'gateway', message: translate('speech.form.gatewayError', { message: error.message }) });
        setFocus(field);
      }
    }
  });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    if (pending) e.preventDefault();
    else void send(e);
  };
  // The Cancel button goes away with the request: focus moves to Synthesize first, so it is not dropped.
  const cancel = () => {
    document.getElementById(SUBMIT_ID)?.focus();
    onCancel();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      if (!pending) void send();
    }
  };
  const over = countSourceTextChars(useWatch({ control, name: 'sourceText' }).trim()) > LONG_TEXT_MAX_CHARS;

  return (
    <FormProvider {...form}>
      <form className={page.panel} aria-labelledby="speech-form-title" noValidate onSubmit={submit} onKeyDown={onKeyDown}>
        <h2 id="speech-form-title">{t('speech.form.title')}</h2>
        <SourceTextField />
        <div className={styles.fieldGrid}>
          <LanguageField />
          <FormatField />
        </div>
        <VoiceFields />
        <div className={styles.fieldGrid}>
          <KnownIntField name="common" label={t('speech.form.voiceScope')} known={VOICE_SCOPES} labels={VOICE_SCOPE_LABEL} />
          <KnownIntField name="selectedEngine" label={t('speech.form.engine')} known={SPEECH_ENGINES} labels={ENGINE_LABEL} />
        </div>
        <SliderField name="speedFactor" label={t('speech.form.speed')} unit="×" range={SPEED_FACTOR} step={0.05} />
        <SliderField name="volume" label={t('speech.form.volume')} unit="dB" range={VOLUME_DB} step={0.5} />
        <SliderField name="emotion" label={t('speech.form.emotion')} range={EMOTION} step={1} />
        <div className="form-actions">
          {/* aria-disabled, not disabled, while sending: a disabled button drops keyboard focus to <body>. */}
          <button id={SUBMIT_ID} type="submit" className="primary" disabled={over} aria-disabled={pending || undefined}>
            {pending ? t('speech.form.submitting') : t('speech.form.submit')}
          </button>
          {pending && (
            <button type="button" onClick={cancel}>
              {t('speech.form.cancel')}
            </button>
          )}
          <span className={page.hint}>
            {tNodes('speech.form.shortcut', {
              ctrl: <kbd>{t('speech.form.keyCtrl')}</kbd>,
              cmd: <kbd>⌘</kbd>,
              enter: <kbd>{t('speech.form.keyEnter')}</kbd>,
            })}
          </span>
        </div>
        {status}
      </form>
    </FormProvider>
  );
}
