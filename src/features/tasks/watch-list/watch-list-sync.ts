import { hasTaskIdPrefix } from '@/contract';
import { tabChannel } from '@/lib/tab-synced-db';
import { checkedIds } from './load-watch-list';
import { changeWatchList, PIECE, readWatchListPieces } from './watch-list-db';
import { mergeIntoList, type WatchListChange } from './watch-list-merge';
import { MAX_WATCHED_TASKS, unsaved, watchListStore } from './watch-list-state';

// Loaded on demand with the list (see watch-list-store.ts). Tabs of one browser profile share the stored
// lists: each writes its changes into the stored list (watch-list-db.ts) and then tells the others.

const CHANNEL = 'console.tasks.watch-lists';

/**
 * What a tab tells the others once it has written: the list, the versions it changed from and to,
 * and what changed (null: too much to send, read the list).
 */
export type Written = { scope: string; before: number; version: number; changes: WatchListChange[] | null };

// Each message is checked by readWritten (anything may arrive on a channel).
const tabs = tabChannel(CHANNEL, readWritten);
let listening = false;
/** The list on screen and the stored version it holds (null while it loads: what is heard meanwhile waits). */
let followed: { scope: string; version: number | null; waiting: Written[] } = { scope: '', version: null, waiting: [] };
// Writes, and what is heard from other tabs, are taken one after another, so the version is always known.
let turn: Promise<unknown> = Promise.resolve();

function inTurn(step: () => Promise<void> | void): Promise<void> {
  const next = turn.then(step).catch(() => undefined);
  turn = next;
  return next;
}

const taskIds = (value: unknown): string[] | null =>
  Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string' && hasTaskIdPrefix(id)) : null;

/** A message from another tab, checked (anything may arrive on a channel), or null. */
export function readWritten(data: unknown): Written | null {
  if (typeof data !== 'object' || data === null) return null;
  const { scope, before, version, changes } = data as Record<string, unknown>;
  if (typeof scope !== 'string' || !Number.isInteger(before) || !Number.isInteger(version)) return null;
  const versions = { scope, before: Number(before), version: Number(version) };
  if (changes === null) return { ...versions, changes: null };
  if (!Array.isArray(changes)) return null;
  const checked: WatchListChange[] = [];
  for (const change of changes as unknown[]) {
    const { added, removed } = (typeof change === 'object' && change !== null ? change : {}) as Record<string, unknown>;
    const a = taskIds(added);
    const r = taskIds(removed);
    if (!a || !r) return null;
    checked.push({ added: a, removed: r });
  }
  return { ...versions, changes: checked };
}

/** Starts hearing other tabs' changes to `scope`'s list, before it is read, so none written meanwhile is missed. */
export function follow(scope: string): void {
  if (!listening) {
    listening = true;
    tabs.subscribe((written) => void take(written));
  }
  followed = { scope, version: null, waiting: [] };
}

/** A message from another tab, checked here: taken in turn, or kept until the list has loaded; settles once taken. */
export function heard(data: unknown): Promise<void> {
  const written = readWritten(data);
  return written ? take(written) : turn.then(() => undefined);
}

/** A checked message (the channel checks each one as it arrives: it is not read again here). */
function take(written: Written): Promise<void> {
  if (written.scope !== followed.scope) return turn.then(() => undefined);
  if (followed.version !== null) return inTurn(() => hear(written));
  followed.waiting.push(written);
  return turn.then(() => undefined);
}

/** The list has loaded at `version`: what was heard meanwhile is applied now (what it already holds is skipped). */
export function followFrom(scope: string, version: number): Promise<void> {
  if (followed.scope === scope) {
    followed.version = version;
    for (const written of followed.waiting.splice(0)) void inTurn(() => hear(written));
  }
  return turn.then(() => undefined);
}

const unsavedOf = (scope: string) => unsaved.filter((u) => u.scope === scope).map((u) => u.change);

/** `stored` (a version of the list) with this tab's unsaved changes applied, on screen. */
function show(scope: string, stored: readonly string[]): void {
  const state = watchListStore.get();
  if (state.scope !== scope || !state.loaded) return;
  const ids = mergeIntoList(stored, unsavedOf(scope), MAX_WATCHED_TASKS);
  if (ids !== state.ids) watchListStore.set({ scope, ids, loaded: true });
}

async function hear(written: Written): Promise<void> {
  const { scope, before, version, changes } = written;
  if (scope !== followed.scope || followed.version === null || version <= followed.version) return;
  if (before === followed.version && changes) {
    followed.version = version;
    // The screen is the stored list with the unsaved changes applied; the heard changes go under them.
    show(scope, mergeIntoList(watchListStore.get().ids, changes, MAX_WATCHED_TASKS));
    return;
  }
  // A version was missed (or a tab wrote too much to send): read the stored list.
  const read = await readWatchListPieces(scope);
  const ids = await checkedIds(read.pieces, MAX_WATCHED_TASKS);
  if (scope !== followed.scope || read.version === followed.version) return;
  followed.version = read.version;
  show(scope, ids);
}

/** Writes this tab's unsaved changes (in a task of its own), then tells the other tabs. */
export function save(): Promise<void> {
  return inTurn(async () => {
    // A task of its own: the write (reading 100,000 IDs from IndexedDB a piece at a time) would otherwise start in the render of the change.
    await new Promise((resolve) => setTimeout(resolve));
    const batch = unsaved.splice(0);
    // One transaction per run of changes to one profile's list, in order.
    while (batch.length > 0) {
      const { scope } = batch[0]!;
      const other = batch.findIndex((u) => u.scope !== scope);
      const run = batch.splice(0, other === -1 ? batch.length : other);
      const changes = run.map((u) => u.change);
      await write(scope, changes);
    }
  });
}

async function write(scope: string, changes: WatchListChange[]): Promise<void> {
  const done = await changeWatchList(scope, changes, MAX_WATCHED_TASKS);
  if (done.version === done.before) return;
  const size = done.effective.reduce((n, c) => n + c.added.length + c.removed.length, 0);
  tabs.tellOthers({
    scope,
    before: done.before,
    version: done.version,
    changes: size <= PIECE ? done.effective : null,
  } satisfies Written);
  if (scope !== followed.scope || followed.version === null) return;
  const inStep = done.before === followed.version;
  followed.version = done.version;
  const stored = done.pieces.reduce((n, p) => n + p.length, 0);
  // The screen already shows the stored list unless another tab wrote in between (unheard yet) or the
  // list was full (IDs this tab added that did not fit).
  if (inStep && (unsavedOf(scope).length > 0 || stored === watchListStore.get().ids.length)) return;
  show(scope, done.pieces.flat());
}
