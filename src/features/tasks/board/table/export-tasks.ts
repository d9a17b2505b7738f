import { t as currentT, type MessageKey, type Translate } from '@/i18n/i18n-store';
import { timeZoneLabel, type TimeSetting } from '@/i18n/format';
import { timeSettingStore } from '@/i18n/time-setting';
import type { WatchedTask } from '../../rows';
import { errorMeaning } from '../../task';
import { TASK_COLUMNS, type ExportField } from './task-columns';
import { saveText } from '@/lib/save-file';

type ExportValue = string | number | null;
type ExportRecord = Record<string, ExportValue>;
type Field = readonly [name: string, value: (row: WatchedTask) => ExportValue];

/**
 * Column headers in the UI language (in English, the field names as they always were: scripts read them).
 * One per exported field: a column that exports a new field fails the typecheck here until it has its header.
 */
const HEADER: Record<ExportField, MessageKey> = {
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

/** Words follow the UI language; codes (taskStatus, errorCode) stay codes. The meaning comes from the tasks catalog. */
const WORDS: Record<string, Field[1]> = {
  errorMeaning: (r) => errorMeaning(r.snapshot?.item?.errorCode ?? 0),
};

const zoned = (zone: TimeSetting['zone']) =>
  new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    ...(zone === 'utc' ? { timeZone: 'UTC' } : {}),
  });

/** "2026-11-26 09:05:09" in the zone: a form spreadsheets read as a date in any language. */
function zonedTime(format: Intl.DateTimeFormat, at: number | null): string | null {
  if (at === null) return null;
  const part = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}

type ExportOptions = { t?: Translate; zone?: TimeSetting['zone'] };

/** The exported fields: the table's columns', and the update time in the operator's zone, named in its header. */
function fields({ t = currentT, zone = timeSettingStore.get().zone }: ExportOptions): { headers: string[]; fields: Field[] } {
  const base: Field[] = TASK_COLUMNS.flatMap((c) => Object.entries(c.exported ?? {})).map(([name, value]) => [name, WORDS[name] ?? value]);
  const format = zoned(zone);
  const all: Field[] = [...base, ['updatedAt', (r) => zonedTime(format, r.updateTime)]];
  const label = timeZoneLabel(zone);
  const headers = all.map(([name]) =>
    name === 'updatedAt' ? t('tasks.export.updatedAt', { zone: label }) : t(HEADER[name as ExportField]),
  );
  return { headers, fields: all };
}

/** RFC 4180 quoting, and a leading ' on cells a spreadsheet would run as a formula. */
function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // Spreadsheets skip leading blanks before a formula, so " =cmd" is guarded as well as "=cmd".
  if (/^\s*[=+\-@]|^[\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV text (no BOM: see csvFile). Headers in the UI language, times also in the chosen zone (local or UTC). */
export function tasksToCsv(rows: readonly WatchedTask[], options: ExportOptions = {}): string {
  const { headers, fields: all } = fields(options);
  const lines = [headers.map(csvCell).join(',')];
  for (const row of rows) lines.push(all.map(([, value]) => csvCell(value(row))).join(','));
  return lines.join('\r\n') + '\r\n';
}

/** The file: UTF-8 with a byte order mark, without which Excel reads UTF-8 as the system code page (Chinese turns to mojibake). */
export const csvFile = (rows: readonly WatchedTask[], options: ExportOptions = {}): string => `\uFEFF${tasksToCsv(rows, options)}`;

/** JSON for machines and Import from file: field names as keys in every language, and the zone of updatedAt. */
export function tasksToJson(rows: readonly WatchedTask[], options: ExportOptions = {}): string {
  const zone = options.zone ?? timeSettingStore.get().zone;
  const { fields: all } = fields({ ...options, zone });
  const toRecord = (row: WatchedTask): ExportRecord => Object.fromEntries(all.map(([name, value]) => [name, value(row)]));
  return JSON.stringify({ exportedAt: new Date().toISOString(), timeZone: timeZoneLabel(zone), tasks: rows.map(toRecord) }, null, 2);
}

export function exportTasks(rows: readonly WatchedTask[], format: 'csv' | 'json'): void {
  const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
  if (format === 'csv') saveText(csvFile(rows), `tasks-${stamp}.csv`, 'text/csv;charset=utf-8');
  else saveText(tasksToJson(rows), `tasks-${stamp}.json`, 'application/json');
}
