import { taskErrorMeaning } from '@/contract';
import { statusGroupName } from './status-group';
import type { TaskRow } from './task-rows';

const COLUMNS = [
  'taskId',
  'taskStatus',
  'statusName',
  'taskProgress',
  'errorCode',
  'errorMeaning',
  'targetVideoUrl',
  'updateTime',
  'updateTimeIso',
] as const;
type ExportRecord = Record<(typeof COLUMNS)[number], string | number | null>;

function toRecord(row: TaskRow): ExportRecord {
  const item = row.snapshot?.item ?? null;
  const code = item?.errorCode ?? null;
  return {
    taskId: row.id,
    taskStatus: item?.taskStatus ?? null,
    statusName: statusGroupName(row.group),
    taskProgress: item ? row.progress : null,
    errorCode: code,
    errorMeaning: code ? (taskErrorMeaning[code] ?? '') : '',
    targetVideoUrl: item?.targetVideoUrl ?? null,
    updateTime: item?.updateTime ?? null,
    updateTimeIso: row.updateTime !== null ? new Date(row.updateTime).toISOString() : null,
  };
}

/** RFC 4180 quoting, and a leading ' on cells a spreadsheet would run as a formula. */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // Spreadsheets skip leading blanks before a formula, so " =cmd" is guarded as well as "=cmd".
  if (/^\s*[=+\-@]|^[\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function tasksToCsv(rows: readonly TaskRow[]): string {
  const lines = [COLUMNS.join(',')];
  for (const row of rows) {
    const record = toRecord(row);
    lines.push(COLUMNS.map((c) => csvCell(record[c])).join(','));
  }
  return lines.join('\r\n') + '\r\n';
}

export function tasksToJson(rows: readonly TaskRow[]): string {
  return JSON.stringify({ exportedAt: new Date().toISOString(), tasks: rows.map(toRecord) }, null, 2);
}

export function downloadText(text: string, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export function exportTasks(rows: readonly TaskRow[], format: 'csv' | 'json'): void {
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
  if (format === 'csv') downloadText(tasksToCsv(rows), `tasks-${stamp}.csv`, 'text/csv;charset=utf-8');
  else downloadText(tasksToJson(rows), `tasks-${stamp}.json`, 'application/json');
}
