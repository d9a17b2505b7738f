import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '@/components/field';

type Props = { registration: UseFormRegisterReturn<'token'>; error?: string | undefined };

/** Masked by default; the show/hide button says what it will do and its state. */
export function TokenField({ registration, error }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <Field id="profile-token" label="Token" hint="Sent as Authorization: Bearer …, never in a URL." error={error}>
      {(control) => (
        <div className="input-with-button">
          <input {...control} {...registration} type={visible ? 'text' : 'password'} autoComplete="off" spellCheck={false} />
          <button type="button" aria-controls="profile-token" onClick={() => setVisible((v) => !v)}>
            {visible ? 'Hide token' : 'Show token'}
          </button>
        </div>
      )}
    </Field>
  );
}
