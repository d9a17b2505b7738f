import { LanguageSelect } from '@/components/language-select';
import { timeZoneLabel } from '@/i18n/format';
import { useT } from '@/hooks/use-t';
import { timeSettingStore } from '@/i18n/time-setting';
import { useTimeSetting } from '@/hooks/use-time-setting';
import styles from './settings.module.css';

/** The language and how times are shown: kept in this browser, for every profile. */
export function DisplaySettings() {
  const t = useT();
  const time = useTimeSetting();
  return (
    <section className={`${styles.card} ${styles.display}`} aria-labelledby="display-settings-title">
      <h2 id="display-settings-title">{t('settings.display.title')}</h2>
      <div className="field-row">
        <LanguageSelect id="settings-language" className="field" />
        <div className="field">
          <label htmlFor="settings-times">{t('settings.display.times')}</label>
          <select
            id="settings-times"
            value={time.display}
            onChange={(e) => timeSettingStore.update({ display: e.target.value === 'absolute' ? 'absolute' : 'relative' })}
          >
            <option value="relative">{t('settings.display.relative')}</option>
            <option value="absolute">{t('settings.display.absolute')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="settings-time-zone">{t('settings.display.zone')}</label>
          <select
            id="settings-time-zone"
            value={time.zone}
            onChange={(e) => timeSettingStore.update({ zone: e.target.value === 'utc' ? 'utc' : 'local' })}
          >
            <option value="local">{t('settings.display.local', { zone: timeZoneLabel('local') })}</option>
            <option value="utc">{t('settings.display.utc')}</option>
          </select>
        </div>
      </div>
    </section>
  );
}
