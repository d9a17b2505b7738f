import { useState } from 'react';
import type { ConnectionProfile } from '@/lib/connection-profile';
import { deleteProfile } from '@/lib/connection-store';
import { useT } from '@/hooks/use-t';
import styles from './settings.module.css';

/** Two steps, so one stray click never loses a saved profile. */
export function DeleteProfileButton({ profile, disabled }: { profile: ConnectionProfile; disabled: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const t = useT();
  if (!confirming) {
    return (
      <button
        type="button"
        className="danger"
        disabled={disabled}
        onClick={() => setConfirming(true)}
        title={disabled ? t('settings.delete.lastOne') : undefined}
      >
        {t('settings.delete.button')}
      </button>
    );
  }
  return (
    <span className={styles.confirmDelete} role="group" aria-label={t('settings.delete.group', { name: profile.name })}>
      <button type="button" className="danger" onClick={() => deleteProfile(profile.id)}>
        {t('settings.delete.confirm', { name: profile.name })}
      </button>
      <button type="button" onClick={() => setConfirming(false)}>
        {t('settings.delete.keep')}
      </button>
    </span>
  );
}
