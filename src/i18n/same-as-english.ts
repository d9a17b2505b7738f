import type { MessageKey } from './i18n-store';

/** Why a message may read the same in every language. Nothing else qualifies: a word or a sentence is translated. */
type Kind =
  | 'code' // a protocol's own word around a code: 'HTTP {status}'
  | 'name' // a product's or a file format's proper name: 'eSpeak NG', 'SRT', 'WebVTT'; a time zone's: 'UTC'
  | 'key' // the label printed on a keyboard key: 'Ctrl', 'Enter'
  | 'unit'; // measurement units with their standard symbols: 'LUFS', 'dBTP'

/**
 * Messages a locale may leave exactly as in English on purpose (src/i18n/catalogs.test.ts fails on
 * any other). Messages made of placeholders and punctuation only ('{written} → {said}') need no entry.
 */
export const SAME_AS_ENGLISH: Partial<Record<MessageKey, Kind>> = {
  // common, errors
  'common.error.http': 'code',
  // settings (src/features/connection)
  'settings.display.utc': 'name',
  // speech
  'speech.engine.espeak': 'name',
  'speech.form.keyCtrl': 'key',
  'speech.form.keyEnter': 'key',
  'speech.script.queue.failedHttp': 'code',
  'speech.takes.measured': 'unit',
  'speech.takes.srt': 'name',
  'speech.takes.vtt': 'name',
};
