import { useEffect, useRef, useState } from 'react';
import { collectCommands, type Command, type CommandSource } from '@/lib/command-registry';
import { useLocale } from '@/hooks/use-t';
import { builtinCommands } from '../components/builtin-commands';

/** Every command on offer as the palette opens (null while they load): the pages' and the app's, then the palette's own. */
export function usePaletteCommands(appCommands: () => Promise<CommandSource>): Command[] | null {
  const locale = useLocale();
  const [commands, setCommands] = useState<Command[] | null>(null);
  // The shell passes a new loader on each render: the one the palette opened with is kept.
  const load = useRef(appCommands);
  useEffect(() => {
    let live = true;
    const app = load
      .current()
      .then((source) => source())
      .catch(() => []);
    void Promise.all([app, collectCommands()]).then(([own, pages]) => {
      if (live) setCommands([...own, ...pages, ...builtinCommands(locale)]);
    });
    return () => {
      live = false;
    };
  }, [locale]);
  return commands;
}
