import { createStatusWorkerHandler, type StatusWorkerReply, type StatusWorkerRequest } from './status-worker-messages';

// The status poll's requests, reading, parsing and contract checks run here, off the page's main
// thread: the page gets one message per cycle (or per slice of a big cycle) of checked items.
// The worker's own scope, typed by hand: the project's DOM lib and the webworker lib do not load together.
type WorkerScope = { postMessage(reply: StatusWorkerReply): void; onmessage: ((event: MessageEvent<StatusWorkerRequest>) => void) | null };

const scope = self as unknown as WorkerScope;
const handle = createStatusWorkerHandler((reply) => scope.postMessage(reply));
scope.onmessage = (event) => void handle(event.data);
