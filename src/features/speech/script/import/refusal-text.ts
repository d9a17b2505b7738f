import type { Translate } from '@/i18n/i18n-store';
import type { ScriptEncoding, ScriptRefusal } from './script-refusal';

/** Encodings by the names editors show them under (not words: the same in every language). */
export const ENCODING_LABEL: Record<ScriptEncoding, string> = { 'utf-8': 'UTF-8', 'utf-16le': 'UTF-16 LE', 'utf-16be': 'UTF-16 BE' };

/** Why a whole script was not imported, in the operator's language (docs/script-messages.md); `name` is the file's. */
export function refusalText(t: Translate, bytes: (n: number) => string, refusal: ScriptRefusal, name: string): string {
  switch (refusal.code) {
    case 'fileTooLarge':
      return t('speech.script.refusal.fileTooLarge', { name, size: bytes(refusal.bytes), max: bytes(refusal.max) });
    case 'notUtf8':
      return t('speech.script.refusal.notUtf8', { name, line: String(refusal.line) });
    case 'notText':
      return t('speech.script.refusal.notText', { name });
    case 'badUtf16':
      return t('speech.script.refusal.badUtf16', { name, encoding: ENCODING_LABEL[refusal.encoding] });
    case 'tooManyChars':
      return t('speech.script.refusal.tooManyChars', { chars: refusal.chars, max: refusal.max });
    case 'tooManyLines':
      return t('speech.script.refusal.tooManyLines', { lines: refusal.lines, max: refusal.max });
  }
}
