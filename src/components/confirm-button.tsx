import { useState } from 'react';
import { useT } from '@/hooks/use-t';
import styles from './confirm-button.module.css';

type Props = { label: string; confirmLabel: string; onConfirm: () => void; disabled?: boolean };

/** A destructive action that needs a second click, instead of a modal dialog. */
export function ConfirmButton({ label, confirmLabel, onConfirm, disabled }: Props) {
  const [armed, setArmed] = useState(false);
  const t = useT();
  if (!armed) {
    return (
      <button type="button" disabled={disabled} onClick={() => setArmed(true)}>
        {label}
      </button>
    );
  }
  return (
    <span className={styles.confirm}>
      <button
        type="button"
        className="danger"
        autoFocus
        onClick={() => {
          setArmed(false);
          onConfirm();
        }}
      >
        {confirmLabel}
      </button>
      <button type="button" onClick={() => setArmed(false)}>
        {t('common.actions.cancel')}
      </button>
    </span>
  );
}
