import { createStatusWorkerHandler, type StatusWorkerReply, type StatusWorkerRequest } from './status-worker-messages';

// The status poll's requests, reading, parsing and contract checks run here, off the page's main
// thread: the page gets one message per cycle (or per slice of a big cycle) of checked items.
// Started as a shared worker (status-cycle.ts), each page that connects gets a handler of its own on
// its port; as a dedicated worker, the worker's scope is the one port.
// The scope and ports, typed by hand: the project's DOM lib and the webworker lib do not load together.
type Port = { postMessage(reply: StatusWorkerReply): void; onmessage: ((event: MessageEvent<StatusWorkerRequest>) => void) | null };
type WorkerScope = Port & { onconnect?: ((event: MessageEvent) => void) | null };

const scope = self as unknown as WorkerScope;

function serve(port: Port): void {
  const handle = createStatusWorkerHandler((reply) => port.postMessage(reply));
  port.onmessage = (event) => void handle(event.data);
}

if ('onconnect' in scope) scope.onconnect = (event) => serve(event.ports[0] as unknown as Port);
else serve(scope);
