import { useState } from 'react';
import type { ConnectionProfile } from '@/lib/connection-profile';
import { deleteProfile } from '@/lib/connection-store';
import styles from './settings.module.css';

/** Two steps, so one stray click never loses a saved profile. */
export function DeleteProfileButton({ profile, disabled }: { profile: ConnectionProfile; disabled: boolean }) {
  const [confirming, setConfirming] = useState(false);
  if (!confirming) {
    return (
      <button
        type="button"
        className="danger"
        disabled={disabled}
        onClick={() => setConfirming(true)}
        title={disabled ? 'The last profile cannot be deleted' : undefined}
      >
        Delete profile
      </button>
    );
  }
  return (
    <span className={styles.confirmDelete} role="group" aria-label={`Delete profile ${profile.name}?`}>
      <button type="button" className="danger" onClick={() => deleteProfile(profile.id)}>
        Delete “{profile.name}”
      </button>
      <button type="button" onClick={() => setConfirming(false)}>
        Keep it
      </button>
    </span>
  );
}
