// `npm start`: bundle the server from the sources as they are now (well under a second; never a stale bundle), then
// run the bundle in this process with source maps on, so stack traces name the .ts lines.
import { pathToFileURL } from 'node:url';
import { bundleServer } from './bundle-server.mjs';

const bundle = await bundleServer();
process.setSourceMapsEnabled(true);
await import(pathToFileURL(bundle).href);
