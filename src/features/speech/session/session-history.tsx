import { useT } from '@/hooks/use-t';
import { PanelBoundary } from '@/components/panel-boundary';
import { useHistory, ComparePanel, HistoryPanel } from '../history';
import { useSpeechSession, useSpeechSessionState } from './use-speech-session';
import type { Take } from '../take';
import type { SpeechSession } from './speech-session';

/** A take from history into the result panel, brought into view (history and the command palette replay). */
export async function showReplay(session: SpeechSession, take: Take): Promise<void> {
  await session.replay(take);
  document.getElementById('result-title')?.scrollIntoView({ block: 'nearest' });
}

/** History, writing to the page's speech session: replay a take, reuse its request in the form, pick two to compare. */
export function SessionHistory() {
  const session = useSpeechSession();
  const currentId = useSpeechSessionState((s) => s.current?.take.id ?? null);
  const compareIds = useSpeechSessionState((s) => s.compareIds);
  const reuse = (take: Take) => {
    session.reuse(take);
    document.getElementById('speech-text')?.focus();
  };
  return (
    <HistoryPanel
      currentId={currentId}
      compareIds={compareIds}
      onReplay={(take) => void showReplay(session, take)}
      onReuse={reuse}
      onCompare={session.compare}
    />
  );
}

/** The compare panel, in its own boundary, while two takes are picked. */
export function SessionCompare() {
  const t = useT();
  const ids = useSpeechSessionState((s) => s.compareIds);
  if (ids.length !== 2) return null;
  return (
    <PanelBoundary name={t('speech.panel.compare')}>
      <ComparedTakes ids={ids} />
    </PanelBoundary>
  );
}

/** The two takes being compared, while both are still in history (the page itself does not follow the history). */
function ComparedTakes({ ids }: { ids: readonly string[] }) {
  const session = useSpeechSession();
  const { takes } = useHistory();
  const compared = ids.map((id) => takes.find((t) => t.id === id)).filter((t): t is Take => t !== undefined);
  return compared.length === 2 ? <ComparePanel takes={[compared[0]!, compared[1]!]} onClose={session.stopComparing} /> : null;
}
