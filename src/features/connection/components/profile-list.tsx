import type { ConnectionState } from '@/lib/connection-store';
import { selectProfile } from '@/lib/connection-store';
import styles from './settings.module.css';

type Props = { state: ConnectionState; onAdd: () => void; onSelect: () => void; adding: boolean };

/** Saved profiles; choosing one makes it the active connection for every page. */
export function ProfileList({ state, onAdd, onSelect, adding }: Props) {
  return (
    <fieldset className={styles.profileList}>
      <legend>Active profile</legend>
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
            {p.gatewayUrl} · user {p.userId || 'not set'}
          </span>
        </div>
      ))}
      <button type="button" onClick={onAdd} disabled={adding}>
        Add profile
      </button>
    </fieldset>
  );
}
