import type { ReactNode } from 'react';

type FieldControlProps = { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined };

type Props = {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
};

/** A labelled form control with its hint and its error (role="alert") right beside it. */
export function Field({ id, label, hint, error, children }: Props) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
