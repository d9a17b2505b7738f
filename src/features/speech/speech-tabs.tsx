import { useRef, type KeyboardEvent } from 'react';
import { useT } from '@/hooks/use-t';
import styles from './speech-page.module.css';

export type SpeechTab = 'text' | 'script';
const TABS: readonly SpeechTab[] = ['text', 'script'];

export const tabId = (tab: SpeechTab) => `speech-tab-${tab}`;
export const panelId = (tab: SpeechTab) => `speech-panel-${tab}`;

/** "Text" and "Script": ARIA tabs, arrows, Home and End move between them (and select, as there are two). */
export function SpeechTabs({ tab, onChange }: { tab: SpeechTab; onChange: (tab: SpeechTab) => void }) {
  const t = useT();
  const refs = useRef<Partial<Record<SpeechTab, HTMLButtonElement | null>>>({});
  const move = (event: KeyboardEvent) => {
    const at = TABS.indexOf(tab);
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (at - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : null;
    if (to === null) return;
    event.preventDefault();
    onChange(TABS[to]!);
    refs.current[TABS[to]!]?.focus();
  };
  return (
    <div role="tablist" aria-label={t('speech.script.tabs.label')} className={styles.tabs} onKeyDown={move}>
      {TABS.map((name) => (
        <button
          key={name}
          ref={(el) => {
            refs.current[name] = el;
          }}
          type="button"
          role="tab"
          id={tabId(name)}
          aria-selected={tab === name}
          aria-controls={panelId(name)}
          tabIndex={tab === name ? 0 : -1}
          className={styles.tab}
          onClick={() => onChange(name)}
        >
          {t(`speech.script.tabs.${name}`)}
        </button>
      ))}
    </div>
  );
}
