import { lazy, Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useT } from '@/hooks/use-t';
import { PanelBoundary } from '@/components/panel-boundary';
import { toConnection } from '@/lib/connection';
import { activeProfile, connectionStore } from '@/lib/connection-store';
import { draftStored, StudioSettingsPanel } from './form';
import { lexiconStored, LexiconPanel } from './lexicon';
import { loadHistory } from './history';
import { createSpeechSession, SpeechSessionContext, SessionCompare, SessionHistory, SessionResult, SpeechFormPanel } from './session';
import { SpeechCommands } from './speech-commands';
import { panelId, SpeechTabs, tabId, type SpeechTab } from './speech-tabs';
import { loadScriptPanel } from './script';
import styles from './speech-page.module.css';

// The Script tab's import, queue and zip load when it is first opened.
const ScriptPanel = lazy(() => loadScriptPanel().then((m) => ({ default: m.ScriptPanel })));
const TAB_KEY = 'console.speech.tab';

/**
 * The studio's layout: its panels, each in its own boundary. What a take goes through (the form
 * starts it, the result panel plays it, history replays and reuses it) is the page's speech session
 * (session/speech-session.ts), which each panel reads and writes itself; the page only makes it, one
 * per visit.
 */
export function SpeechPage() {
  const client = useQueryClient();
  const [session] = useState(() => createSpeechSession(client, () => toConnection(activeProfile(connectionStore.get()))));
  const t = useT();
  // The tab is remembered for the session, so a reload mid-script comes back to the script.
  const [tab, setTabState] = useState<SpeechTab>(() => (sessionStorage.getItem(TAB_KEY) === 'script' ? 'script' : 'text'));
  const [scriptOpened, setScriptOpened] = useState(tab === 'script');
  const setTab = (next: SpeechTab) => {
    setTabState(next);
    if (next === 'script') setScriptOpened(true);
    sessionStorage.setItem(TAB_KEY, next);
  };

  useEffect(() => {
    void loadHistory();
  }, []);
  useEffect(() => session.open(), [session]);

  return (
    <SpeechSessionContext value={session}>
      <section aria-labelledby="speech-title" className={styles.studio}>
        <h1 id="speech-title">{t('speech.page.title')}</h1>
        <SpeechCommands />
        <SpeechTabs tab={tab} onChange={setTab} />
        <div className={styles.studioGrid} role="tabpanel" id={panelId('text')} aria-labelledby={tabId('text')} hidden={tab !== 'text'}>
          <div>
            {/* The form reads the stored draft and the lexicon (its preview) as it starts: one that breaks it is set aside. */}
            <PanelBoundary name={t('speech.panel.speechForm')} stored={[draftStored, lexiconStored]}>
              <SpeechFormPanel />
            </PanelBoundary>
            <PanelBoundary name={t('speech.panel.studioSettings')}>
              <StudioSettingsPanel />
            </PanelBoundary>
            {/* In the page's chunk, not a lazy one: arriving after the history was listed, it pushed the history down
                under a Replay being clicked (e2e/speech-reload-layout.spec.ts). */}
            <PanelBoundary name={t('speech.panel.lexicon')} stored={[lexiconStored]}>
              <LexiconPanel />
            </PanelBoundary>
          </div>
          <PanelBoundary name={t('speech.panel.result')}>
            <SessionResult />
          </PanelBoundary>
        </div>
        {scriptOpened && (
          <div role="tabpanel" id={panelId('script')} aria-labelledby={tabId('script')} hidden={tab !== 'script'}>
            <PanelBoundary name={t('speech.panel.script')}>
              <Suspense fallback={null}>
                <ScriptPanel />
              </Suspense>
            </PanelBoundary>
          </div>
        )}
        <SessionCompare />
        <PanelBoundary name={t('speech.panel.history')}>
          <SessionHistory />
        </PanelBoundary>
      </section>
    </SpeechSessionContext>
  );
}
