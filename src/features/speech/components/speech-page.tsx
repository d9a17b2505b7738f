import { lazy, memo, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { countSourceTextChars, SOURCE_TEXT_MAX_CHARS, type SpeechRequest } from '@/contract';
import { useActiveConnection } from '@/hooks/use-connection';
import { useT } from '@/hooks/use-t';
import { PanelBoundary } from '@/components/panel-boundary';
import { draftStored } from '../stores/draft-store';
import { lexiconStored } from '../stores/lexicon-sync';
import { SpeechCommands } from './speech-commands';
import { useLongSynthesis } from '../hooks/use-long-synthesis';
import { useSynthesis } from '../hooks/use-synthesis';
import { readAudio } from '../stores/history-db';
import { loadHistory } from '../stores/history-store';
import { useHistory } from '../hooks/use-history';
import type { LoadedTake, Take } from '../model/take';
import { requestToValues } from '../model/request-to-values';
import { ComparePanel } from './history/compare-panel';
import { HistoryPanel } from './history/history-panel';
import { ResultPanel } from './player/result-panel';
import { SpeechForm, SUBMIT_ID, type FormPreset } from './form/speech-form';
import { StudioSettingsPanel } from './form/studio-settings-panel';
import { LexiconSection } from './lexicon/lexicon-section';
import { PausedJobNotice } from './long-text/paused-job';
import { SynthesisProgress } from './long-text/synthesis-progress';
import { SynthesisError } from './player/synthesis-error';
import { panelId, SpeechTabs, tabId, type SpeechTab } from './script/speech-tabs';
import styles from './speech-page.module.css';

// The Script tab's import, queue and zip load when it is first opened.
const ScriptPanel = lazy(() => import('./script/script-panel').then((m) => ({ default: m.ScriptPanel })));
const TAB_KEY = 'console.speech.tab';

export function SpeechPage() {
  const connection = useActiveConnection();
  const [current, setCurrent] = useState<LoadedTake | null>(null);
  const [preset, setPreset] = useState<FormPreset | null>(null);
  const [compareIds, setCompareIds] = useState<string[]>([]);
  const synthesis = useSynthesis(setCurrent);
  const long = useLongSynthesis(setCurrent);
  const [mode, setMode] = useState<'short' | 'long'>('short');
  const lastRequest = useRef<SpeechRequest | null>(null);
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

  const onSynthesize = (request: SpeechRequest) => {
    lastRequest.current = request;
    // Up to one request's worth goes out as before; longer text in parts, joined into one take.
    const isLong = countSourceTextChars(request.sourceText) > SOURCE_TEXT_MAX_CHARS;
    setMode(isLong ? 'long' : 'short');
    return isLong ? long.start(request) : synthesis.synthesize(request);
  };
  const resume = () => {
    setMode('long');
    void long.resume().catch(() => undefined);
  };
  const error = mode === 'long' ? long.error : synthesis.error;
  // A take replayed from history replaces the failure in the result panel (the form keeps its field errors).
  const [setAside, setSetAside] = useState<unknown>(null);
  const failure = error && error !== setAside ? error : null;
  const retry = () => {
    // "Try again" goes away with the alert: focus waits on Synthesize, as after a click on it.
    document.getElementById(SUBMIT_ID)?.focus();
    if (mode === 'long' && long.paused && !long.pending) resume();
    else if (lastRequest.current) void onSynthesize(lastRequest.current).catch(() => undefined);
  };
  const replay = async (take: Take) => {
    setSetAside(error);
    setCurrent({ take, audio: take.audio.kept ? await readAudio(take.id).catch(() => null) : null });
    document.getElementById('result-title')?.scrollIntoView({ block: 'nearest' });
  };
  const reuse = (take: Take) => {
    setPreset({ values: requestToValues(take.request), key: Date.now() });
    document.getElementById('speech-text')?.focus();
  };
  const toggleCompare = (take: Take, on: boolean) =>
    setCompareIds((ids) => (on ? [...ids.filter((id) => id !== take.id), take.id].slice(-2) : ids.filter((id) => id !== take.id)));
  // The form re-renders only for its own props: the page renders again when the unfinished long
  // text's query settles (right after the first paint) and on every synthesis, and the form is most of its work.
  const latest = useRef({ onSynthesize, cancel: () => {} });
  useLayoutEffect(() => {
    latest.current = {
      onSynthesize,
      cancel: () => {
        synthesis.cancel();
        long.cancel();
      },
    };
  });
  const [formActions] = useState(() => ({
    onSynthesize: (request: SpeechRequest) => latest.current.onSynthesize(request),
    onCancel: () => latest.current.cancel(),
  }));

  return (
    <section aria-labelledby="speech-title" className={styles.studio}>
      <h1 id="speech-title">{t('speech.page.title')}</h1>
      <SpeechCommands onReplay={replay} />
      <SpeechTabs tab={tab} onChange={setTab} />
      <div className={styles.studioGrid} role="tabpanel" id={panelId('text')} aria-labelledby={tabId('text')} hidden={tab !== 'text'}>
        <div>
          {/* The form reads the stored draft and the lexicon (its preview) as it starts: one that breaks it is set aside. */}
          <PanelBoundary name={t('speech.panel.speechForm')} stored={[draftStored, lexiconStored]}>
            <MemoSpeechForm
              preset={preset}
              pending={synthesis.pending || long.pending}
              onSynthesize={formActions.onSynthesize}
              onCancel={formActions.onCancel}
              status={long.progress ? <SynthesisProgress progress={long.progress} /> : null}
            />
            {long.paused && !long.pending && (
              <PausedJobNotice paused={long.paused} onResume={resume} onDiscard={() => void long.discard()} />
            )}
          </PanelBoundary>
          <PanelBoundary name={t('speech.panel.studioSettings')}>
            <StudioSettingsPanel />
          </PanelBoundary>
          <PanelBoundary name={t('speech.panel.lexicon')} stored={[lexiconStored]}>
            <LexiconSection />
          </PanelBoundary>
        </div>
        <PanelBoundary name={t('speech.panel.result')}>
          <ResultPanel
            loaded={current}
            failure={failure && <SynthesisError error={failure} userId={connection.userId} onRetry={retry} />}
          />
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
      {compareIds.length === 2 && (
        <PanelBoundary name={t('speech.panel.compare')}>
          <ComparedTakes ids={compareIds} onClose={() => setCompareIds([])} />
        </PanelBoundary>
      )}
      <PanelBoundary name={t('speech.panel.history')}>
        <HistoryPanel
          currentId={current?.take.id ?? null}
          compareIds={compareIds}
          onReplay={(t) => void replay(t)}
          onReuse={reuse}
          onCompare={toggleCompare}
        />
      </PanelBoundary>
    </section>
  );
}

const MemoSpeechForm = memo(SpeechForm);

/** The two takes being compared, while both are still in history (the page itself does not follow the history). */
function ComparedTakes({ ids, onClose }: { ids: string[]; onClose: () => void }) {
  const { takes } = useHistory();
  const compared = ids.map((id) => takes.find((t) => t.id === id)).filter((t): t is Take => t !== undefined);
  return compared.length === 2 ? <ComparePanel takes={[compared[0]!, compared[1]!]} onClose={onClose} /> : null;
}
