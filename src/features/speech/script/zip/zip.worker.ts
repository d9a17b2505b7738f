import { makeScriptZip, type ZipJob } from './script-zip';
import type { ZipWorkerAnswer } from './zip-worker-messages';

// The script's zip off the page's thread: normalising 50 takes takes seconds.
// The scope, typed by hand: the project's DOM lib and the webworker lib do not load together.
type WorkerScope = { postMessage(answer: ZipWorkerAnswer): void; onmessage: ((event: MessageEvent<ZipJob>) => void) | null };
const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  makeScriptZip(event.data, (done) => scope.postMessage({ kind: 'progress', done })).then(
    (zip) => scope.postMessage({ kind: 'done', zip }),
    (error: unknown) => scope.postMessage({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
};
