import { useState, type FormEvent } from 'react';
import { DEFAULT_STUDIO_SETTINGS, isPcmFormat, studioSettingsStore } from '../../stores/studio-settings';
import { useStudioSettings } from '../../hooks/use-studio-settings';
import page from '../speech-page.module.css';
import styles from './form.module.css';

const toLines = (l: { code: string; name: string }[]) => l.map((x) => `${x.code} ${x.name}`).join('\n');

/** How raw PCM is read, and which target languages the form offers: gateways differ on both. */
export function StudioSettingsPanel() {
  const settings = useStudioSettings();
  const [error, setError] = useState('');
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
      .map((line) => ({ code: line.split(/\s+/)[0] ?? '', name: line.split(/\s+/).slice(1).join(' ') || line }));
    if (!isPcmFormat(pcm)) return setError('Sample rate 3000–384000 Hz, 1–8 channels, 16/24/32 bits.');
    setError('');
    studioSettingsStore.save({ pcm, languages: languages.length ? languages : DEFAULT_STUDIO_SETTINGS.languages });
  };
  return (
    <details className={`${page.panel} ${styles.studioSettings}`}>
      <summary>Studio settings (raw PCM format, languages)</summary>
      <form onSubmit={save} key={JSON.stringify(settings)}>
        <div className={styles.fieldGrid}>
          <div className={`field ${styles.field}`}>
            <label htmlFor="pcm-rate">PCM sample rate (Hz)</label>
            <input id="pcm-rate" name="sampleRate" inputMode="numeric" defaultValue={settings.pcm.sampleRate} />
          </div>
          <div className={`field ${styles.field}`}>
            <label htmlFor="pcm-channels">PCM channels</label>
            <input id="pcm-channels" name="channels" inputMode="numeric" defaultValue={settings.pcm.channels} />
          </div>
          <div className={`field ${styles.field}`}>
            <label htmlFor="pcm-bits">PCM bits per sample (signed, little-endian)</label>
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
          <label htmlFor="languages">Target languages offered (one per line: code name)</label>
          <textarea id="languages" name="languages" rows={4} defaultValue={toLines(settings.languages)} />
        </div>
        {error && (
          <p role="alert" className="field-error">
            {error}
          </p>
        )}
        <button type="submit">Save studio settings</button>{' '}
        <button type="button" onClick={() => studioSettingsStore.save(DEFAULT_STUDIO_SETTINGS)}>
          Reset to the embedded gateway
        </button>
      </form>
    </details>
  );
}
