import { useState } from 'react';
import { useT } from '@/hooks/use-t';
import type { MessageKey } from '@/i18n/i18n-store';
import { copyText } from '@/lib/clipboard';
import { saveText } from '@/lib/save-file';
import { dismissSetAside, setAsideStore, type SetAsideEntry, type SetAsideKind } from '@/lib/set-aside';

const KIND: Record<SetAsideKind, MessageKey> = {
  taskQuery: 'common.setAside.kind.taskQuery',
  speechDraft: 'common.setAside.kind.speechDraft',
  savedViews: 'common.setAside.kind.savedViews',
  lexicon: 'common.setAside.kind.lexicon',
};

/** A file name for the value: its kind and when it was set aside (no characters a file system refuses). */
const fileName = (entry: SetAsideEntry) => `set-aside-${entry.kind}-${new Date(entry.at).toISOString().replace(/[:.]/g, '-')}.txt`;

/** What a panel's boundary set aside (components/panel-boundary.tsx), with the value to copy or download, until dismissed. */
export function SetAsideNotice() {
  const entries = setAsideStore.use();
  return entries.map((entry, i) => <SetAsideItem key={`${entry.kind}.${entry.at}.${i}`} entry={entry} />);
}

function SetAsideItem({ entry }: { entry: SetAsideEntry }) {
  const t = useT();
  const [copied, setCopied] = useState<boolean | null>(null);
  const dismiss = () => {
    // The notice and its buttons go: focus waits at the start of the page's content, not on the body.
    document.getElementById('main')?.focus();
    dismissSetAside(entry);
  };
  return (
    <div role="alert" className="alert alert-error">
      <p className="alert-title">{t('common.setAside.title', { what: t(KIND[entry.kind]) })}</p>
      <p className="alert-detail">{t('common.setAside.detail', { reason: entry.reason })}</p>
      <p className="alert-next">{t('common.setAside.kept')}</p>
      <p className="form-actions">
        <button type="button" onClick={() => void copyText(entry.value).then(setCopied)}>
          {t('common.setAside.copy')}
        </button>
        <button type="button" onClick={() => saveText(entry.value, fileName(entry), 'text/plain;charset=utf-8')}>
          {t('common.setAside.download')}
        </button>
        <button type="button" onClick={dismiss}>
          {t('common.setAside.dismiss')}
        </button>
      </p>
      {copied !== null && <p role="status">{t(copied ? 'common.setAside.copied' : 'common.setAside.copyRefused')}</p>}
    </div>
  );
}
