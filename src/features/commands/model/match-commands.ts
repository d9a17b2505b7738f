import type { Command, CommandKind } from '@/lib/command-registry';

/** The order of the palette's groups. */
const KIND_ORDER: readonly CommandKind[] = ['task', 'page', 'view', 'action'];

const fold = (s: string) => s.toLocaleLowerCase().normalize('NFKC');

/**
 * How well `label` matches what was typed: 3 the label starts with it, 2 a word starts with it,
 * 1 it is inside the label, 0 every typed word is somewhere in it (any order); -1 no match.
 * Empty input matches everything (0).
 */
export function matchScore(label: string, typed: string): number {
  const needle = fold(typed.trim());
  if (!needle) return 0;
  const hay = fold(label);
  if (hay.startsWith(needle)) return 3;
  const at = hay.indexOf(needle);
  if (at > 0) return /[\s\p{P}]/u.test(hay[at - 1]!) ? 2 : 1;
  const words = needle.split(/\s+/);
  return words.length > 1 && words.every((w) => hay.includes(w)) ? 0 : -1;
}

export type CommandGroup = { kind: CommandKind; commands: Command[] };

/** The commands matching `typed`, best first within each group, groups in KIND_ORDER (empty ones left out). */
export function filterCommands(commands: readonly Command[], typed: string): CommandGroup[] {
  const scored = commands
    .map((command, index) => ({ command, index, score: matchScore(`${command.label} ${command.keywords ?? ''}`, typed) }))
    .filter((c) => c.score >= 0);
  return KIND_ORDER.map((kind) => ({
    kind,
    commands: scored
      .filter((c) => c.command.kind === kind)
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .map((c) => c.command),
  })).filter((g) => g.commands.length > 0);
}

/** The task ID typed, if the text is one (one word starting with the contract's prefix), else null. */
export function typedTaskId(typed: string, prefix: string): string | null {
  const text = typed.trim();
  return text.length > prefix.length && text.startsWith(prefix) && !/\s/.test(text) ? text : null;
}
