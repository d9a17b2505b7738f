/**
 * The command palette's registry (issue 28): what a page or the app can do from the keyboard. A
 * source is asked for its commands each time the palette opens, so it lists only what it offers
 * right now (never a command that would do nothing). Shared code: features register here (through
 * useCommandSource in src/hooks) without importing the palette, which loads on first use.
 */
export type CommandKind = 'task' | 'page' | 'view' | 'action';

export type Command = {
  /** Stable and unique among the open palette's commands. */
  id: string;
  kind: CommandKind;
  /** In the operator's language. */
  label: string;
  /** More words it is found by (not shown). */
  keywords?: string;
  /** Runs after the palette has closed and focus is back where it was (so a command may move it). */
  run: () => void | Promise<void>;
};

export type CommandSource = () => Command[] | Promise<Command[]>;

const sources = new Set<CommandSource>();

/** Adds a source; returns its removal. */
export function registerCommandSource(source: CommandSource): () => void {
  sources.add(source);
  return () => void sources.delete(source);
}

/** Every registered source's commands now (a source that fails gives none). */
export async function collectCommands(): Promise<Command[]> {
  const lists = await Promise.all([...sources].map(async (s) => (await Promise.resolve(s()).catch(() => [])) ?? []));
  return lists.flat();
}
