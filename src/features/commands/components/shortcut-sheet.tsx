import { useId, type KeyboardEvent } from 'react';
import type { MessageKey } from '@/i18n/i18n-store';
import { useT } from '@/hooks/use-t';
import { SHORTCUT_IDS, shortcutKeys, type ShortcutId } from '../model/shortcuts';
import { setShortcutOn, shortcutsOffStore } from '../stores/shortcut-settings';
import { closeCommands } from '../stores/commands-open';
import { useModalDialog } from '../hooks/use-modal-dialog';
import styles from './commands.module.css';

const DOES: Record<ShortcutId, MessageKey> = { palette: 'tasks.palette.sheet.palette', sheet: 'tasks.palette.sheet.sheet' };

/** Keys inside the palette: always on (they act only there). */
const IN_PALETTE: readonly { keys: string[]; does: MessageKey }[] = [
  { keys: ['↑', '↓'], does: 'tasks.palette.sheet.move' },
  { keys: ['Enter'], does: 'tasks.palette.sheet.run' },
  { keys: ['Esc'], does: 'tasks.palette.sheet.close' },
];

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), [href], select, textarea, [tabindex]:not([tabindex="-1"])';

/** Tab and Shift+Tab go round the dialog's own controls, never out of it. */
function keepTabInside(e: KeyboardEvent<HTMLElement>) {
  if (e.key !== 'Tab') return;
  const stops = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = stops[0];
  const last = stops.at(-1);
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

function Keys({ keys }: { keys: readonly string[] }) {
  return (
    <span className={styles.keys}>
      {keys.map((k) => (
        <kbd key={k}>{k}</kbd>
      ))}
    </span>
  );
}

/** Every shortcut with its keys (as this platform names them); each global one can be turned off on this device. */
export function ShortcutSheet({ apple }: { apple: boolean }) {
  const t = useT();
  const dialog = useModalDialog();
  const off = shortcutsOffStore.use();
  const titleId = useId();
  const paletteKeys = shortcutKeys('palette', apple).join('+');
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-modal="true"
      onKeyDown={keepTabInside}
      onCancel={(e) => {
        e.preventDefault();
        closeCommands();
      }}
    >
      <h2 id={titleId}>{t('tasks.palette.sheet.title')}</h2>
      <p className={styles.note}>{t('tasks.palette.sheet.note', { keys: paletteKeys })}</p>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{t('tasks.palette.sheet.keys')}</th>
            <th scope="col">{t('tasks.palette.sheet.does')}</th>
            <th scope="col">{t('tasks.palette.sheet.on')}</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUT_IDS.map((id) => (
            <tr key={id}>
              <td>
                <Keys keys={shortcutKeys(id, apple)} />
              </td>
              <td>{t(DOES[id])}</td>
              <td>
                <input
                  type="checkbox"
                  checked={!off.includes(id)}
                  onChange={(e) => setShortcutOn(id, e.target.checked)}
                  aria-label={t('tasks.palette.sheet.toggle', { action: t(DOES[id]) })}
                />
              </td>
            </tr>
          ))}
          {IN_PALETTE.map((row) => (
            <tr key={row.does}>
              <td>
                <Keys keys={row.keys} />
              </td>
              <td>{t(row.does)}</td>
              <td />
            </tr>
          ))}
        </tbody>
      </table>
      <div className={styles.footer}>
        <button type="button" autoFocus onClick={closeCommands}>
          {t('tasks.palette.sheet.closeButton')}
        </button>
      </div>
    </dialog>
  );
}
