import { useState, type FormEvent } from 'react';
import { useT } from '@/hooks/use-t';
import { DEFAULT_STUDIO_SETTINGS, isPcmFormat, studioSettingsStore } from './studio-settings';
import { useStudioSettings } from './use-studio-settings';
import { useLoudnessSetting, LOUDNESS_CHOICES, loudnessSettingStore } from '../loudness';
import page from '../speech-page.module.css';
import styles from './form.module.css';

const toLines = (l: { code: string; name: string }[]) => l.map((x) => `${x.code} ${x.name}`.trimEnd()).join('\n');

/** How raw PCM is read, which target languages the form offers (gateways differ on both), and the loudness takes are brought to. */
export function StudioSettingsPanel() {
  const settings = useStudioSettings();
  const [error, setError] = useState(false);
  const t = useT();
  const save = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const pcm = {
      sampleRate: Number(data.get('sampleRate')),
      channels: Number(data.get('channels')),
      bitsPerSample: Number(data.get('bits')),
    };
    const languages = String(data.get('languages'))
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      // A line with a code alone takes the language's name in the operator's language.
      .map((line) => ({ code: line.split(/\s+/)[0] ?? '', name: line.split(/\s+/).slice(1).join(' ') }));
    if (!isPcmFormat(pcm)) return setError(true);
    setError(false);
    studioSettingsStore.save({ pcm, languages: languages.length ? languages : DEFAULT_STUDIO_SETTINGS.languages });
  };
  return (
    <details className={`${page.panel} ${styles.studioSettings}`}>
      <summary>{t('speech.studio.summary')}</summary>
      <form onSubmit={save} key={JSON.stringify(settings)}>
        <div className={styles.fieldGrid}>
          <div className={`field ${styles.field}`}>
            <label htmlFor="pcm-rate">{t('speech.studio.rate')}</label>
            <input id="pcm-rate" name="sampleRate" inputMode="numeric" defaultValue={settings.pcm.sampleRate} />
          </div>
          <div className={`field ${styles.field}`}>
            <label htmlFor="pcm-channels">{t('speech.studio.channels')}</label>
            <input id="pcm-channels" name="channels" inputMode="numeric" defaultValue={settings.pcm.channels} />
          </div>
          <div className={`field ${styles.field}`}>
            <label htmlFor="pcm-bits">{t('speech.studio.bits')}</label>
            <select id="pcm-bits" name="bits" defaultValue={settings.pcm.bitsPerSample}>
              {[16, 24, 32].map((b) => (
                <option key={b} value={b}>
                  {b}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className={`field ${styles.field}`}>
          <label htmlFor="languages">{t('speech.studio.languages')}</label>
          <textarea id="languages" name="languages" rows={4} defaultValue={toLines(settings.languages)} />
        </div>
        {error && (
          <p role="alert" className="field-error">
            {t('speech.studio.invalid')}
          </p>
        )}
        <button type="submit">{t('speech.studio.save')}</button>{' '}
        <button type="button" onClick={() => studioSettingsStore.save(DEFAULT_STUDIO_SETTINGS)}>
          {t('speech.studio.reset')}
        </button>
      </form>
      <LoudnessField />
    </details>
  );
}

/** Off, −16 or −23 LUFS: applies at once (no Save), to the next takes made. */
function LoudnessField() {
  const choice = useLoudnessSetting();
  const t = useT();
  return (
    <div className={`field ${styles.field} ${styles.loudness}`}>
      <label htmlFor="loudness-target">{t('speech.takes.setting')}</label>
      <select
        id="loudness-target"
        aria-describedby="loudness-hint"
        value={choice}
        onChange={(e) => loudnessSettingStore.save(LOUDNESS_CHOICES.find((c) => c === e.target.value) ?? 'off')}
      >
        {LOUDNESS_CHOICES.map((c) => (
          <option key={c} value={c}>
            {t(`speech.takes.${c}`)}
          </option>
        ))}
      </select>
      <p id="loudness-hint" className={page.hint}>
        {t('speech.takes.settingHint')}
      </p>
    </div>
  );
}
