import { useState } from 'react';
import type { ConnectionProfile } from '@/lib/connection-profile';
import { activeProfile, draftProfile } from '@/lib/connection-store';
import { useConnectionState } from '@/hooks/use-connection';
import { LocalGatewayCard } from './local-gateway-card';
import { ProfileList } from './profile-list';
import { ProfileForm } from './profile-form';
import { useT } from '@/hooks/use-t';
import { DisplaySettings } from './display-settings';
import styles from './settings.module.css';

/** Connection settings: profiles, the form for one of them, and the local-gateway shortcut. */
export function SettingsPage() {
  const state = useConnectionState();
  const t = useT();
  const [draft, setDraft] = useState<ConnectionProfile | null>(null);
  // Remount the form after outside changes (local gateway, save) so it shows what is stored.
  const [revision, setRevision] = useState(0);
  const editing = draft ?? activeProfile(state);
  const [saved, setSaved] = useState('');
  const refresh = () => {
    setDraft(null);
    setRevision((r) => r + 1);
  };
  const onSaved = (profile: ConnectionProfile, isNew: boolean) => {
    refresh();
    setSaved(t(isNew ? 'settings.savedNew' : 'settings.saved', { name: profile.name }));
  };
  return (
    <section aria-labelledby="settings-title" className={styles.settingsPage}>
      <h1 id="settings-title">{t('common.pages.settingsTitle')}</h1>
      <LocalGatewayCard onApplied={refresh} />
      <p role="status" className={styles.saved}>
        {saved}
      </p>
      <div className={styles.settingsLayout}>
        <ProfileList
          state={state}
          adding={draft !== null}
          onAdd={() => {
            setSaved('');
            setDraft(draftProfile(state, Date.now(), (n) => t('settings.list.newName', { n: String(n) })));
          }}
          onSelect={() => {
            setSaved('');
            setDraft(null);
          }}
        />
        <ProfileForm
          key={`${editing.id}:${revision}`}
          profile={editing}
          isNew={draft !== null}
          canDelete={state.profiles.length > 1}
          onSaved={onSaved}
        />
      </div>
      <DisplaySettings />
    </section>
  );
}
