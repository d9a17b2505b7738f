import type { Page } from '@playwright/test';

/**
 * The last status the task history in IndexedDB holds for a task (what a reload will find), for the Playwright journeys
 * (Chromium's and Firefox's; WebKit's reads it over WebDriver, e2e/webkit/operator-journeys.webkit.ts). The records are a log of
 * writes, a few hundred records each, the last one for a task its word (src/features/tasks/history/task-history-db.ts).
 * A record's changes are flat, three numbers each: time, status (NaN: none), progress; null while the task is as first
 * seen, its status then its snapshot's (src/features/tasks/history/task-record.ts).
 */
export function storedLastStatus(page: Page, taskId: string): Promise<number | null> {
  return page.evaluate(async (id) => {
    const db = await new Promise<IDBDatabase>((ok, ko) => {
      const r = indexedDB.open('console.tasks.history');
      r.onsuccess = () => ok(r.result);
      r.onerror = () => ko(r.error);
    });
    type Stored = { id: string; changes: number[] | null; snapshot: { item: { taskStatus: number } | null } };
    type Entry = { records: Stored[]; gone: string[] };
    // No log yet (the page has not written its history): nothing stored.
    const log = db.objectStoreNames.contains('log')
      ? await new Promise<Entry[]>((ok) => {
          const r = db.transaction('log').objectStore('log').getAll();
          r.onsuccess = () => ok(r.result as Entry[]);
        })
      : [];
    db.close();
    let record: Stored | undefined;
    for (const entry of log) {
      record = entry.records.findLast((t) => t.id === id) ?? record;
      if (entry.gone.includes(id)) record = undefined;
    }
    const status = record?.changes ? record.changes.at(-2) : record?.snapshot.item?.taskStatus;
    return status === undefined || Number.isNaN(status) ? null : status;
  }, taskId);
}
