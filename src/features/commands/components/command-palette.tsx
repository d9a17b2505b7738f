import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { Command, CommandKind, CommandSource } from '@/lib/command-registry';
import type { MessageKey } from '@/i18n/i18n-store';
import { useT } from '@/hooks/use-t';
import { filterCommands } from '../model/match-commands';
import { closeCommands, commandFailureStore, earlyTyping, takeEarlyTyping } from '../stores/commands-open';
import { useModalDialog } from '../hooks/use-modal-dialog';
import { usePaletteCommands } from '../hooks/use-palette-commands';
import { taskIdCommand } from './builtin-commands';
import styles from './commands.module.css';

const GROUP_NAME: Record<CommandKind, MessageKey> = {
  task: 'tasks.palette.groups.task',
  page: 'tasks.palette.groups.page',
  view: 'tasks.palette.groups.view',
  action: 'tasks.palette.groups.action',
};

/**
 * Closes the palette (focus goes back where it was), then runs the command (which may move focus on purpose).
 * A command that fails (a chunk that no longer loads after a deploy, say) is said in an alert, not only logged.
 */
function run(command: Command) {
  closeCommands();
  void Promise.resolve()
    .then(() => command.run())
    .catch((error: unknown) => {
      console.error('command failed', command.id, error);
      commandFailureStore.set({ label: command.label, error });
    });
}

/**
 * The command palette: a modal dialog holding a combobox (the text field) and its listbox of
 * commands grouped by kind. Arrows move, Enter runs, Escape closes; focus never leaves the field.
 */
export function CommandPalette({ appCommands }: { appCommands: () => Promise<CommandSource> }) {
  const t = useT();
  const dialog = useModalDialog();
  const commands = usePaletteCommands(appCommands);
  // Its first render already filters by what was typed early: an Enter pressed before the effect below takes it runs
  // a match of that text, never the first of the unfiltered list (seen in a fresh-checkout run: "Go to Speech").
  const [typed, setTyped] = useState(() => earlyTyping().text);
  const [active, setActive] = useState(0);
  const base = useId();
  const titleId = `${base}title`;
  const listId = `${base}list`;
  const optionId = (i: number) => `${base}opt${i}`;

  const groups = useMemo(() => filterCommands([...taskIdCommand(typed), ...(commands ?? [])], typed), [commands, typed]);
  const flat = useMemo(() => groups.flatMap((g) => g.commands), [groups]);
  const current = flat.length ? Math.min(active, flat.length - 1) : -1;
  // Enter pressed before the commands have loaded (the first open fetches them): run the first match once they are in.
  const enterWhileLoading = useRef(false);
  useEffect(() => {
    if (commands === null || !enterWhileLoading.current) return;
    enterWhileLoading.current = false;
    if (flat.length) run(flat[0]!);
  }, [commands, flat]);
  // What was typed after Ctrl+K before this field was on screen (its chunk loads on first use), taken once it is:
  // after the effect above, so an early Enter runs the first match of the early text, not of an empty field.
  useEffect(() => {
    const early = takeEarlyTyping();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the keys were kept outside React until this field was on screen: taken once, on mount.
    if (early.text) setTyped(early.text);
    if (early.enter) enterWhileLoading.current = true;
  }, []);

  const move = (to: number) => {
    if (!flat.length) return;
    const next = (to + flat.length) % flat.length;
    setActive(next);
    document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') move(current + 1);
    else if (e.key === 'ArrowUp') move(current - 1);
    else if (e.key === 'Enter' && commands === null) enterWhileLoading.current = true;
    else if (e.key === 'Enter' && current >= 0) run(flat[current]!);
    // The field is the dialog's one stop: Tab stays in it.
    else if (e.key !== 'Tab') return;
    e.preventDefault();
  };

  let index = 0;
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(e) => {
        e.preventDefault();
        closeCommands();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) closeCommands();
      }}
    >
      <h2 id={titleId} className="visually-hidden">
        {t('tasks.palette.title')}
      </h2>
      <input
        className={styles.input}
        type="text"
        role="combobox"
        aria-label={t('tasks.palette.input')}
        aria-expanded={flat.length > 0}
        aria-controls={flat.length > 0 ? listId : undefined}
        aria-activedescendant={current >= 0 ? optionId(current) : undefined}
        aria-autocomplete="list"
        placeholder={t('tasks.palette.placeholder')}
        autoComplete="off"
        spellCheck={false}
        autoFocus
        value={typed}
        onChange={(e) => {
          setTyped(e.target.value);
          setActive(0);
          enterWhileLoading.current = false;
        }}
        onKeyDown={onKeyDown}
      />
      {flat.length > 0 && (
        <div id={listId} role="listbox" aria-label={t('tasks.palette.list')} className={styles.list}>
          {groups.map((g) => (
            <div key={g.kind} role="group" aria-label={t(GROUP_NAME[g.kind])}>
              <div aria-hidden="true" className={styles.groupHeading}>
                {t(GROUP_NAME[g.kind])}
              </div>
              {g.commands.map((c) => {
                const i = index++;
                return (
                  <div
                    key={c.id}
                    id={optionId(i)}
                    role="option"
                    aria-selected={i === current}
                    className={styles.option}
                    onMouseDown={(e) => e.preventDefault()}
                    onMouseMove={() => i !== current && setActive(i)}
                    onClick={() => run(c)}
                  >
                    {c.label}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      )}
      <p role="status" className={styles.status}>
        {commands === null
          ? t('tasks.palette.loading')
          : flat.length === 0
            ? t('tasks.palette.none')
            : t('tasks.palette.count', { count: flat.length })}
      </p>
    </dialog>
  );
}
