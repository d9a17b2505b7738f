import { useState, type FormEvent } from 'react';
import { useT } from '@/hooks/use-t';
import type { LexiconRule } from './lexicon';
import { MAX_LEXICON_RULES } from './files/lexicon-csv';
import { MAX_RULE_TEXT_CHARS } from './lexicon-limits';
import { FieldError } from '@/components/field-error';
import { checkRule, draftOf, EMPTY_DRAFT, ruleOf, type RuleDraft } from './rule-check';
import styles from './lexicon.module.css';

type Props = {
  rules: readonly LexiconRule[];
  /** The index of the rule being edited, or null to add one. */
  editing: number | null;
  onSave: (rule: LexiconRule) => void;
  onCancel: () => void;
};

/** Where focus goes after a rule is added, saved, deleted or its edit cancelled. */
export const WRITTEN_ID = 'lexicon-written';

/** Add a rule, or edit one: errors by their field once Add/Save is pressed, and as the fields are fixed. */
export function RuleEditor({ rules, editing, onSave, onCancel }: Props) {
  const t = useT();
  const editedRule = editing === null ? undefined : rules[editing];
  const [draft, setDraft] = useState<RuleDraft>(() => (editedRule ? draftOf(editedRule) : EMPTY_DRAFT));
  const [tried, setTried] = useState(false);
  const { problems, repeats } = checkRule(draft, rules, editing);
  const shown = tried ? problems : {};
  const set = (patch: Partial<RuleDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (Object.keys(problems).length > 0) {
      document.getElementById(problems.said && !problems.written ? 'lexicon-said' : WRITTEN_ID)?.focus();
      return;
    }
    onSave(ruleOf(draft));
    setDraft(EMPTY_DRAFT);
    setTried(false);
    document.getElementById(WRITTEN_ID)?.focus();
  };
  const repeated = repeats === undefined ? undefined : rules[repeats];
  const tooLong = (text: string) => t('speech.lexicon.bounds.fieldTooLong', { max: MAX_RULE_TEXT_CHARS, count: [...text.trim()].length });
  const writtenError =
    shown.written === 'duplicate' && repeated
      ? t('speech.lexicon.problem.duplicate', { written: repeated.written, said: repeated.said })
      : shown.written === 'missingWritten'
        ? t('speech.lexicon.problem.missingWritten')
        : shown.written === 'tooLong'
          ? tooLong(draft.written)
          : undefined;
  const saidError =
    shown.said === 'missingSaid' ? t('speech.lexicon.problem.missingSaid') : shown.said === 'tooLong' ? tooLong(draft.said) : undefined;

  return (
    <form className={styles.ruleForm} aria-labelledby="lexicon-editor-title" noValidate onSubmit={submit}>
      <h3 id="lexicon-editor-title" className={styles.wide}>
        {editedRule ? t('speech.lexicon.form.editTitle', { written: editedRule.written }) : t('speech.lexicon.form.addTitle')}
      </h3>
      <div className="field">
        <label htmlFor={WRITTEN_ID}>{t('speech.lexicon.form.written')}</label>
        <input
          id={WRITTEN_ID}
          value={draft.written}
          onChange={(e) => set({ written: e.target.value })}
          aria-invalid={Boolean(writtenError)}
          aria-describedby="lexicon-written-error"
        />
        <FieldError id="lexicon-written-error" message={writtenError} />
      </div>
      <div className="field">
        <label htmlFor="lexicon-said">{t('speech.lexicon.form.said')}</label>
        <input
          id="lexicon-said"
          value={draft.said}
          onChange={(e) => set({ said: e.target.value })}
          aria-invalid={Boolean(saidError)}
          aria-describedby="lexicon-said-error"
        />
        <FieldError id="lexicon-said-error" message={saidError} />
      </div>
      <label className="field-checkbox">
        <input type="checkbox" checked={draft.wholeWord} onChange={(e) => set({ wholeWord: e.target.checked })} />
        {t('speech.lexicon.form.wholeWord')}
      </label>
      <label className="field-checkbox">
        <input type="checkbox" checked={draft.caseSensitive} onChange={(e) => set({ caseSensitive: e.target.checked })} />
        {t('speech.lexicon.form.caseSensitive')}
      </label>
      <div className={`field ${styles.wide}`}>
        <label htmlFor="lexicon-language">{t('speech.lexicon.form.language')}</label>
        <input
          id="lexicon-language"
          value={draft.language}
          onChange={(e) => set({ language: e.target.value })}
          aria-invalid={Boolean(shown.language)}
          aria-describedby="lexicon-language-error"
          autoComplete="off"
          spellCheck={false}
        />
        <FieldError id="lexicon-language-error" message={shown.language && t('speech.lexicon.problem.badLanguage')} />
      </div>
      <div className={`form-actions ${styles.wide}`}>
        <button type="submit" className="primary" aria-describedby="lexicon-rules-error">
          {editedRule ? t('speech.lexicon.form.save') : t('speech.lexicon.form.add')}
        </button>
        {editedRule && (
          <button type="button" onClick={onCancel}>
            {t('speech.lexicon.form.cancel')}
          </button>
        )}
      </div>
      <FieldError id="lexicon-rules-error" message={shown.rules && t('speech.lexicon.problem.tooMany', { max: MAX_LEXICON_RULES })} />
    </form>
  );
}
