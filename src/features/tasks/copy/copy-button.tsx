import { useEffect, useRef, useState, type ReactNode } from 'react';
import { copyText } from '@/lib/clipboard';
import { copyOutcome } from '../announcer';
import styles from './copy-button.module.css';

/** How long "Copied …" stays beside the button. */
const SAID_MS = 5_000;

type Props = {
  children: ReactNode;
  /** What is copied, gathered on click (a list of 100,000 IDs is not joined on every render). */
  text: () => string | Promise<string>;
  /** Said as "Copied <what>": "3 IDs", "a link to 4 tasks". */
  what: string | (() => string);
  disabled?: boolean;
  'aria-label'?: string;
  /** After the copy, whether it worked (the share link adds a note of its own). */
  onCopied?: (copied: boolean) => void;
};

/**
 * A copy button that says how it went beside itself, in a polite status region of its own: where the
 * operator is looking (the page's status line is far below, and behind a modal dialog it is inert).
 */
export function CopyButton({ children, text, what, disabled, 'aria-label': label, onCopied }: Props) {
  const [said, setSaid] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    const copied = await copyText(await text());
    const name = typeof what === 'function' ? what() : what;
    clearTimeout(timer.current);
    setSaid(copyOutcome(copied, name));
    timer.current = setTimeout(() => setSaid(''), SAID_MS);
    onCopied?.(copied);
  };
  return (
    <span className={styles.copy}>
      <button type="button" disabled={disabled} aria-label={label} onClick={() => void copy()}>
        {children}
      </button>
      <span role="status" className={styles.said}>
        {said}
      </span>
    </span>
  );
}
