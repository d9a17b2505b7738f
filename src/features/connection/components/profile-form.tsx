import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Field } from '@/components/field';
import { appSourceIgnored } from '@/lib/api-client';
import { connectionProfileSchema, type ConnectionProfile } from '@/lib/connection-profile';
import { activeProfile, connectionStore, saveProfile } from '@/lib/connection-store';
import { TokenField } from './token-field';
import { ConnectionTestPanel } from './connection-test-panel';
import { DeleteProfileButton } from './delete-profile-button';
import { problemText } from './problem-text';
import { useT } from '@/hooks/use-t';
import styles from './settings.module.css';

type Props = {
  profile: ConnectionProfile;
  isNew: boolean;
  canDelete: boolean;
  onSaved: (profile: ConnectionProfile, isNew: boolean) => void;
};

/** Edits one profile. Only values that pass the contract's schemas are ever saved. */
export function ProfileForm({ profile, isNew, canDelete, onSaved }: Props) {
  const { register, handleSubmit, getValues, trigger, formState, control } = useForm<ConnectionProfile>({
    resolver: zodResolver(connectionProfileSchema),
    defaultValues: profile,
    // Not on blur: an error appearing on blur shifts the buttons under the pointer and swallows the click.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isDirty } = formState;
  const t = useT();
  // Live as the channel is typed: the hint says whether the app source will be sent at all.
  const channel = useWatch({ control, name: 'channel' });
  const appSourceHint = t(appSourceIgnored(channel) ? 'settings.form.appSourceIgnored' : 'settings.form.appSourceHint');
  const onSubmit = handleSubmit((valid) => {
    // A new profile is saved beside the active one, not switched to: switching changes every page's data.
    saveProfile(valid, !isNew && profile.id === activeProfile(connectionStore.get()).id);
    onSaved(valid, isNew);
  });
  return (
    <form className={styles.profileForm} onSubmit={onSubmit} noValidate aria-labelledby="profile-form-title">
      <h2 id="profile-form-title">{isNew ? t('settings.form.newTitle') : t('settings.form.title', { name: profile.name })}</h2>
      <Field id="profile-name" label={t('settings.form.name')} error={problemText(t, errors.name?.message)}>
        {(c) => <input {...c} {...register('name')} autoComplete="off" />}
      </Field>
      <Field
        id="profile-gateway-url"
        label={t('settings.form.gatewayUrl')}
        hint={t('settings.form.gatewayUrlHint')}
        error={problemText(t, errors.gatewayUrl?.message)}
      >
        {(c) => <input {...c} {...register('gatewayUrl')} inputMode="url" autoComplete="off" spellCheck={false} />}
      </Field>
      <TokenField registration={register('token')} error={problemText(t, errors.token?.message)} />
      <div className="field field-checkbox">
        <input id="profile-remember" type="checkbox" aria-describedby="profile-remember-hint" {...register('rememberToken')} />
        <label htmlFor="profile-remember">{t('settings.form.remember')}</label>
        <p id="profile-remember-hint" className="field-hint">
          {t('settings.form.rememberHint')}
        </p>
      </div>
      <Field
        id="profile-user-id"
        label={t('settings.form.userId')}
        hint={t('settings.form.userIdHint')}
        error={problemText(t, errors.userId?.message)}
      >
        {(c) => <input {...c} {...register('userId')} inputMode="numeric" autoComplete="off" spellCheck={false} />}
      </Field>
      <div className="field-row">
        <Field
          id="profile-channel"
          label={t('settings.form.channel')}
          hint={t('settings.form.channelHint')}
          error={problemText(t, errors.channel?.message)}
        >
          {(c) => <input {...c} {...register('channel')} inputMode="numeric" autoComplete="off" />}
        </Field>
        <Field
          id="profile-app-source"
          label={t('settings.form.appSource')}
          hint={appSourceHint}
          error={problemText(t, errors.appSource?.message)}
        >
          {(c) => <input {...c} {...register('appSource')} autoComplete="off" />}
        </Field>
      </div>
      <div className="form-actions">
        <button type="submit" className="primary">
          {isNew ? t('settings.form.saveNew') : t('settings.form.save')}
        </button>
        {!isNew && isDirty && <span className="field-hint">{t('settings.form.unsaved')}</span>}
        {!isNew && <DeleteProfileButton profile={profile} disabled={!canDelete} />}
      </div>
      <ConnectionTestPanel profileId={profile.id} readDraft={getValues} validate={trigger} />
    </form>
  );
}
