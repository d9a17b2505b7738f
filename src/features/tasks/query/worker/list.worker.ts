import { createListSearch, type ListReply, type ListRequest } from './list-search';

// The watch list's copy, filtered and sorted off the page's main thread (list-search.ts). The scope is typed by hand:
// the project's DOM lib and the webworker lib do not load together.
type Scope = {
  postMessage(reply: ListReply, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<ListRequest>) => void) | null;
};

const scope = self as unknown as Scope;
const handle = createListSearch((reply, transfer) => scope.postMessage(reply, transfer));
scope.onmessage = (event) => handle(event.data);
