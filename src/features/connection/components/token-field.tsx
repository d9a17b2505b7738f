import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/field';
import { useT } from '@/hooks/use-t';

type Props = { registration: UseFormRegisterReturn<'token'>; error?: string | undefined };

/** Masked by default; the show/hide button says what it will do and its state. */
export function TokenField({ registration, error }: Props) {
  const [visible, setVisible] = useState(false);
  const t = useT();
  return (
    <Field id="profile-token" label={t('settings.token.label')} hint={t('settings.token.hint')} error={error}>
      {(control) => (
        <div className="input-with-button">
          <input {...control} {...registration} type={visible ? 'text' : 'password'} autoComplete="off" spellCheck={false} />
          <button type="button" aria-controls="profile-token" onClick={() => setVisible((v) => !v)}>
            {visible ? t('settings.token.hide') : t('settings.token.show')}
          </button>
        </div>
      )}
    </Field>
  );
}
