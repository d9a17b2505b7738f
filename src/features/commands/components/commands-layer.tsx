import type { CommandSource } from '@/lib/command-registry';
import { CommandPalette } from './command-palette';
import { ShortcutSheet } from './shortcut-sheet';

type Props = { what: 'palette' | 'sheet'; appCommands: () => Promise<CommandSource>; apple: boolean };

/** The keyboard's dialogs (a chunk of their own, with the `tasks` messages). */
export function CommandsLayer({ what, appCommands, apple }: Props) {
  return what === 'palette' ? <CommandPalette appCommands={appCommands} /> : <ShortcutSheet apple={apple} />;
}
