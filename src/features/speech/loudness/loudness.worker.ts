import { createLoudnessHandler, type LoudnessReply, type LoudnessRequest } from './loudness-worker-messages';

// Measuring (BS.1770, 4× oversampled true peak) and normalising a take take seconds for a long
// take: they run here, off the page's main thread. The scope is typed by hand: the project's DOM
// lib and the webworker lib do not load together.
type Scope = { postMessage(reply: LoudnessReply): void; onmessage: ((event: MessageEvent<LoudnessRequest>) => void) | null };

const scope = self as unknown as Scope;
const handle = createLoudnessHandler((reply) => scope.postMessage(reply));
scope.onmessage = (event) => void handle(event.data);
