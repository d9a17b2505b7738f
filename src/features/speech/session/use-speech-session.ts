import { useContext } from 'react';
import { SpeechSessionContext, type SpeechSession, type SpeechSessionState } from './speech-session';

/** The Speech page's session (session/speech-session.ts): its actions never change, so calling this re-renders nothing. */
export function useSpeechSession(): SpeechSession {
  const session = useContext(SpeechSessionContext);
  if (!session) throw new Error('SpeechSessionContext missing');
  return session;
}

/** What `select` reads of the session: the component renders again only when that changes. */
export function useSpeechSessionState<S>(select: (state: SpeechSessionState) => S): S {
  return useSpeechSession().store.use(select);
}
