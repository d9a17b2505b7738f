import type { ConnectionState } from '@/lib/connection-store';
import { selectProfile } from '@/lib/connection-store';
import { useT } from '@/hooks/use-t';
import styles from './settings.module.css';

type Props = { state: ConnectionState; onAdd: () => void; onSelect: () => void; adding: boolean };

/** Saved profiles; choosing one makes it the active connection for every page. */
export function ProfileList({ state, onAdd, onSelect, adding }: Props) {
  const t = useT();
  return (
    <fieldset className={styles.profileList}>
      <legend>{t('settings.list.legend')}</legend>
      {state.profiles.map((p) => (
        <div key={p.id} className={styles.profileOption}>
          <input
            type="radio"
            id={`profile-option-${p.id}`}
            name="active-profile"
            value={p.id}
            checked={!adding && p.id === state.activeId}
            onChange={() => {
              selectProfile(p.id);
              onSelect();
            }}
            aria-describedby={`profile-option-${p.id}-desc`}
          />
          <label htmlFor={`profile-option-${p.id}`}>{p.name}</label>
          <span id={`profile-option-${p.id}-desc`} className={styles.profileOptionDesc}>
            {t('settings.list.option', { url: p.gatewayUrl, user: p.userId || t('settings.list.userNotSet') })}
          </span>
        </div>
      ))}
      <button type="button" onClick={onAdd} disabled={adding}>
        {t('settings.list.add')}
      </button>
    </fieldset>
  );
}
