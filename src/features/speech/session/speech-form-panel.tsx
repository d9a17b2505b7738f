import { useSpeechSession, useSpeechSessionState } from './use-speech-session';
import { PausedJobNotice, SynthesisProgress } from '../long-text';
import { SpeechForm } from '../form';
import { TakeReady } from './take-ready';

/**
 * The form, writing to the page's speech session: Synthesize starts a take there, Cancel aborts it.
 * It renders again only for what it shows (sending or not, a reused take's values, a long text's
 * progress), not for the result or the history.
 */
export function SpeechFormPanel() {
  const session = useSpeechSession();
  const pending = useSpeechSessionState((s) => s.pending);
  const preset = useSpeechSessionState((s) => s.preset);
  const progress = useSpeechSessionState((s) => s.progress);
  return (
    <>
      <SpeechForm
        preset={preset}
        pending={pending}
        onSynthesize={session.synthesize}
        onCancel={session.cancel}
        status={
          <>
            {progress && <SynthesisProgress progress={progress} />}
            <TakeReady />
          </>
        }
      />
      <SessionPausedJob />
    </>
  );
}

/** The long text that stopped before its end, while nothing is being sent: Resume or Discard. */
function SessionPausedJob() {
  const session = useSpeechSession();
  const paused = useSpeechSessionState((s) => (s.pending ? null : s.paused));
  return paused ? (
    <PausedJobNotice paused={paused} onResume={() => void session.resume()} onDiscard={() => void session.discard()} />
  ) : null;
}
