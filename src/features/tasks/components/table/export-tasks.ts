import { t, type MessageKey } from '@/i18n/i18n-store';
import type { WatchedTask } from '../../model/task-rows';
import { TASK_COLUMNS, type ExportField } from './task-columns';

type Field = [ExportField, (row: WatchedTask) => string | number | null];
const FIELDS = TASK_COLUMNS.flatMap((c) => Object.entries(c.exported ?? {}) as Field[]);

/** CSV headers follow the UI language (English keeps the field names, as before); values that are codes stay codes. */
const EXPORT_HEADER: Record<ExportField, MessageKey> = {
  taskId: 'tasks.export.taskId',
  taskStatus: 'tasks.export.taskStatus',
  statusName: 'tasks.export.statusName',
  taskProgress: 'tasks.export.taskProgress',
  errorCode: 'tasks.export.errorCode',
  errorMeaning: 'tasks.export.errorMeaning',
  targetVideoUrl: 'tasks.export.targetVideoUrl',
  updateTime: 'tasks.export.updateTime',
  updateTimeIso: 'tasks.export.updateTimeIso',
};
/** A byte order mark: Excel reads a CSV without one in the system's code page, and Chinese text comes out garbled. */
const BOM = '\uFEFF';
type ExportRecord = Record<string, string | number | null>;

const toRecord = (row: WatchedTask): ExportRecord => Object.fromEntries(FIELDS.map(([name, value]) => [name, value(row)]));

/** RFC 4180 quoting, and a leading ' on cells a spreadsheet would run as a formula. */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // Spreadsheets skip leading blanks before a formula, so " =cmd" is guarded as well as "=cmd".
  if (/^\s*[=+\-@]|^[\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function tasksToCsv(rows: readonly WatchedTask[]): string {
  const lines = [FIELDS.map(([name]) => csvCell(t(EXPORT_HEADER[name]))).join(',')];
  for (const row of rows) lines.push(FIELDS.map(([, value]) => csvCell(value(row))).join(','));
  return lines.join('\r\n') + '\r\n';
}

export function tasksToJson(rows: readonly WatchedTask[]): string {
  return JSON.stringify({ exportedAt: new Date().toISOString(), tasks: rows.map(toRecord) }, null, 2);
}

function downloadText(text: string, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

export function exportTasks(rows: readonly WatchedTask[], format: 'csv' | 'json'): void {
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
  if (format === 'csv') downloadText(BOM + tasksToCsv(rows), `tasks-${stamp}.csv`, 'text/csv;charset=utf-8');
  else downloadText(tasksToJson(rows), `tasks-${stamp}.json`, 'application/json');
}
