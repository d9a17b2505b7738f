import type { SpeechRequest } from '@/contract';
import type { ScriptRow } from '../import/import-script';
import { applyLexicon, type FiredRule, type LexiconRule } from '../../lexicon';

/** What goes to the gateway for one script line: its request with the pronunciation lexicon applied, and the rules that fired. */
export function lineRequest(
  row: Pick<ScriptRow, 'request'>,
  rules: readonly LexiconRule[],
): { request: SpeechRequest; fired: FiredRule[] } {
  const { text, fired } = applyLexicon(row.request.sourceText, rules, row.request.targetLanguage);
  return { request: { ...row.request, sourceText: text.trim() }, fired };
}
