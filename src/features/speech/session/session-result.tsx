import { useActiveConnection } from '@/hooks/use-connection';
import { useSpeechSession, useSpeechSessionState } from './use-speech-session';
import { SUBMIT_ID } from '../form';
import { ResultPanel, SynthesisError } from '../result';

/** The result panel, reading the page's speech session: the current take, or why the last synthesis failed. */
export function SessionResult() {
  const session = useSpeechSession();
  const connection = useActiveConnection();
  const current = useSpeechSessionState((s) => s.current);
  // A take replayed from history replaces the failure in the result panel (the form keeps its field errors).
  const failure = useSpeechSessionState((s) => (s.error && s.error !== s.replaced ? s.error : null));
  const retry = () => {
    // "Try again" goes away with the alert: focus waits on Synthesize, as after a click on it.
    document.getElementById(SUBMIT_ID)?.focus();
    session.retry();
  };
  return (
    <ResultPanel loaded={current} failure={failure && <SynthesisError error={failure} userId={connection.userId} onRetry={retry} />} />
  );
}
