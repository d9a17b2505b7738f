/**
 * Setup file of the server project, run before each test file. The files share a worker's module graph (isolate: false,
 * vite.config.ts), and @hono/node-server's listener swaps the global Request and Response for its own the first time a
 * file serves over HTTP; a later file in the same worker would then build its stub answers with those (a Uint8Array
 * body gains a text/plain type). Each file starts with the worker's own pair, as in a process of its own.
 */
const PRISTINE = Symbol.for('service-console.pristine-fetch-globals');
const NAMES = ['Request', 'Response'] as const;
type Saved = Record<(typeof NAMES)[number], PropertyDescriptor | undefined>;

const host = globalThis as typeof globalThis & { [PRISTINE]?: Saved };
const saved = (host[PRISTINE] ??= Object.fromEntries(
  NAMES.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]),
) as Saved);
for (const name of NAMES) {
  const descriptor = saved[name];
  if (descriptor) Object.defineProperty(globalThis, name, descriptor);
}
