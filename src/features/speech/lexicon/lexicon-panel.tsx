import { useState } from 'react';
import { useConnectionState } from '@/hooks/use-connection';
import { useT } from '@/hooks/use-t';
import { t as translate } from '@/i18n/i18n-store';
import { activeProfile } from '@/lib/connection-store';
import { useLexiconRules } from './use-lexicon';
import type { LexiconRule } from './lexicon';
import { setActiveLexicon } from './lexicon-sync';
import { LexiconFiles } from './files/lexicon-files';
import { RuleEditor, WRITTEN_ID } from './rule-editor';
import { RuleTable, shownRuleText } from './rule-table';
import page from '../speech-page.module.css';
import styles from './lexicon.module.css';

/**
 * "Pronunciation": the active profile's rules (written → said), added, edited and deleted here,
 * imported and exported as CSV or PLS. Every change is saved at once (IndexedDB, other tabs told).
 */
export function LexiconPanel() {
  const profile = activeProfile(useConnectionState());
  // Another profile starts afresh: no edit, report or message of the previous one carries over.
  return <ProfileLexicon key={profile.id} profileName={profile.name} />;
}

function ProfileLexicon({ profileName }: { profileName: string }) {
  const t = useT();
  const rules = useLexiconRules();
  const [editing, setEditing] = useState<number | null>(null);
  const [status, setStatus] = useState('');
  const [saveError, setSaveError] = useState<string | null>(null);

  const save = (next: readonly LexiconRule[]) =>
    setActiveLexicon(next).then(
      () => setSaveError(null),
      (e: unknown) => setSaveError(translate('speech.lexicon.saveFailed', { message: e instanceof Error ? e.message : String(e) })),
    );
  const focusWritten = () => requestAnimationFrame(() => document.getElementById(WRITTEN_ID)?.focus());

  const onSave = (rule: LexiconRule) => {
    // A rule deleted meanwhile (in another tab) is added back rather than lost.
    const replacing = editing !== null && rules[editing] !== undefined;
    void save(replacing ? rules.map((r, i) => (i === editing ? rule : r)) : [...rules, rule]);
    setEditing(null);
    setStatus('');
  };
  const remove = (index: number) => {
    const rule = rules[index];
    if (!rule) return;
    void save(rules.filter((_, i) => i !== index));
    if (editing !== null) setEditing(null);
    setStatus(t('speech.lexicon.deleted', { written: shownRuleText(rule.written) }));
    // The row (and its button) goes: focus waits in the editor's first field.
    focusWritten();
  };
  const edit = (index: number) => {
    setEditing(index);
    focusWritten();
  };

  return (
    <section className={`${page.panel} ${styles.panel}`} aria-labelledby="lexicon-title">
      <h2 id="lexicon-title">{t('speech.lexicon.title')}</h2>
      <p className={page.hint}>
        {t('speech.lexicon.intro', { profile: profileName })} {t('speech.lexicon.count', { count: rules.length })}
      </p>
      {rules.length === 0 ? (
        <p>{t('speech.lexicon.empty')}</p>
      ) : (
        <RuleTable rules={rules} labelledBy="lexicon-title" onEdit={edit} onRemove={remove} />
      )}
      <RuleEditor
        key={editing === null ? 'new' : `edit-${editing}`}
        rules={rules}
        editing={editing}
        onSave={onSave}
        onCancel={() => {
          setEditing(null);
          focusWritten();
        }}
      />
      {saveError && (
        <p role="alert" className="field-error">
          {saveError}
        </p>
      )}
      <LexiconFiles rules={rules} profileName={profileName} onImported={save} onStatus={setStatus} />
      <p role="status" className={page.hint}>
        {status}
      </p>
    </section>
  );
}
