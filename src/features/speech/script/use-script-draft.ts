import { useEffect, useEffectEvent, useState } from 'react';
import type { ScriptImport } from './import/import-script';
import { keepScriptDraft, keptScriptDraft, type ScriptDraft } from './queue/script-db';

/** Writes one at a time, the newest waiting value next: typing never queues a write per key, and the last one lands last. */
function latestWins<T>(write: (value: T) => Promise<void>): (value: T) => void {
  let waiting: { value: T } | null = null;
  let busy = false;
  return (value) => {
    waiting = { value };
    if (busy) return;
    busy = true;
    void (async () => {
      while (waiting) {
        const next = waiting.value;
        waiting = null;
        // Not kept (storage refused): the tab still holds it; the next change tries again.
        await write(next).catch(() => undefined);
      }
      busy = false;
    })();
  };
}

// One writer for the page, so a remounted tab's writes land after the last ones of the tab before it.
const saveDraft = latestWins(keepScriptDraft);

/**
 * The Script tab's box and checked lines, kept for a reload: read once as the tab mounts (handed to
 * `restore`), then kept on every change. Nothing is written before the read, so an empty tab never
 * overwrites what was kept.
 */
export function useScriptDraft(text: string, imported: ScriptImport | null, restore: (kept: ScriptDraft) => void): void {
  const [ready, setReady] = useState(false);
  const onKept = useEffectEvent(restore);
  useEffect(() => {
    let live = true;
    keptScriptDraft()
      .then((kept) => {
        if (live && kept) onKept(kept);
      })
      .catch(() => undefined)
      .finally(() => {
        if (live) setReady(true);
      });
    return () => {
      live = false;
    };
  }, []);
  useEffect(() => {
    if (!ready) return;
    saveDraft({ text, checked: imported && !imported.refused ? { rows: imported.rows, report: imported.report } : null });
  }, [ready, text, imported]);
}
