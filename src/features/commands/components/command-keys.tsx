import { Suspense } from 'react';
import type { CommandSource } from '@/lib/command-registry';
import { lazyWithMessages } from '@/i18n/lazy-with-messages';
import { useT } from '@/hooks/use-t';
import { isApple, isTextField, shortcutOf } from '../model/shortcuts';
import { shortcutsOffStore } from '../stores/shortcut-settings';
import { closeCommands, commandFailureStore, commandsOpenStore, dialogShown, openCommands, typeEarly } from '../stores/commands-open';
import { ErrorAlert } from '@/components/error-alert';
import styles from './command-keys.module.css';

// The palette, the sheet and their words load on first use: only this listener is in the first visit.
const loadLayer = () => import('./commands-layer');
const CommandsLayer = lazyWithMessages('tasks', () => loadLayer().then((m) => ({ default: m.CommandsLayer })));

type Props = {
  /** The app's own commands (pages, saved views…), loaded with the palette. */
  appCommands: () => Promise<CommandSource>;
};

type NavigatorPlatform = Navigator & { userAgentData?: { platform?: string } };
const apple = () => isApple((navigator as NavigatorPlatform).userAgentData?.platform || navigator.platform || '');

/**
 * The keys' listeners, installed as this module runs (with the app's first script), not when the header
 * mounts: a Ctrl+K pressed while the first page is still rendering opens the palette rather than being lost.
 */
function listenForKeys(): () => void {
  const isApple = apple();
  const onKey = (e: KeyboardEvent) => {
    // Start fetching the palette as a modifier goes down: it is usually there by the K.
    if (e.key === 'Control' || e.key === 'Meta') void loadLayer().catch(() => undefined);
    if (e.defaultPrevented) return;
    const id = shortcutOf(e, isApple);
    if (!id || shortcutsOffStore.get().includes(id)) return;
    if (id === 'sheet' && isTextField(e.target)) return;
    e.preventDefault();
    if (commandsOpenStore.get()?.what === id) closeCommands();
    else openCommands(id);
  };
  // Between Ctrl+K and the palette's field (a chunk away on first use), typing is the palette's, not the field
  // the operator was in: caught before any field's own handlers, and handed to the palette when it opens.
  const onEarlyKey = (e: KeyboardEvent) => {
    if (commandsOpenStore.get()?.what !== 'palette' || dialogShown() || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'Escape') closeCommands();
    else if (e.key.length === 1 || e.key === 'Enter' || e.key === 'Backspace') typeEarly(e.key);
    else return;
    e.preventDefault();
    e.stopPropagation();
  };
  window.addEventListener('keydown', onEarlyKey, true);
  window.addEventListener('keydown', onKey);
  return () => {
    window.removeEventListener('keydown', onEarlyKey, true);
    window.removeEventListener('keydown', onKey);
  };
}

const stopListening = listenForKeys();
// In development a module replaced in place must not leave its listeners behind.
import.meta.hot?.dispose(stopListening);

/** A ref callback of stable identity: the failure alert is scrolled into sight as it appears, not on every render after. */
const scrollIntoSight = (el: HTMLElement | null) => el?.scrollIntoView({ block: 'nearest' });

/**
 * The keyboard's way in, mounted once by the shell: Ctrl+K / ⌘K opens the command palette (also
 * from a text field: it types nothing), `?` the shortcut sheet (never from a text field). Either can be
 * turned off on this device. The header's button opens the sheet whatever is turned off.
 */
export function CommandKeys({ appCommands }: Props) {
  const t = useT();
  const open = commandsOpenStore.use();
  const failure = commandFailureStore.use();
  return (
    <>
      <button type="button" aria-haspopup="dialog" onClick={() => openCommands('sheet')}>
        {t('common.shortcuts.open')}
      </button>
      {failure && (
        <div className={styles.failure} ref={scrollIntoSight}>
          <ErrorAlert error={failure.error} title={t('common.commandFailed.title', { label: failure.label })} />
          <button type="button" onClick={() => commandFailureStore.set(null)}>
            {t('common.commandFailed.dismiss')}
          </button>
        </div>
      )}
      {open && (
        <Suspense fallback={null}>
          <CommandsLayer what={open.what} appCommands={appCommands} apple={apple()} />
        </Suspense>
      )}
    </>
  );
}
