import { createServer, type IncomingMessage, type Server, type ServerOptions } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Hono } from 'hono';
import { refuse, refuseDetachedSocket } from './refusals';
import { createRequestListener } from './request-listener';
import { API_MOUNT } from './server-app';

type DevServer = { server: Server; close(): Promise<void> };

const isApiPath = (url: string) => url === API_MOUNT || url.startsWith(`${API_MOUNT}/`) || url.startsWith(`${API_MOUNT}?`);

/** The upgrades Vite's HMR server takes (its own test, vite/dist/node/chunks/node.js): a vite-hmr or vite-ping socket at `base`. */
function isViteSocket(req: IncomingMessage, base: string): boolean {
  const protocol = req.headers['sec-websocket-protocol'];
  if (protocol !== 'vite-hmr' && protocol !== 'vite-ping') return false;
  try {
    return new URL(`http://localhost${req.url ?? ''}`).pathname === base;
  } catch {
    return false;
  }
}

/**
 * One process for development: /api goes to the same Hono app as in production, everything else
 * to Vite in middleware mode (SPA fallback, HMR over this server's own socket). A request without
 * Host is refused before either (Vite would serve it). An upgrade Vite does not take is refused
 * too: Vite leaves such a socket open and unanswered, past every timeout, holding a slot.
 */
export async function createDevServer(root: string, app: Hono, options: ServerOptions = {}): Promise<DevServer> {
  const { createServer: createViteServer } = await import('vite');
  const server = createServer(options);
  const vite = await createViteServer({
    root,
    appType: 'spa',
    server: { middlewareMode: true, hmr: { server } },
  });
  const api = createRequestListener(app.fetch);
  server.on('request', (req, res) => {
    if (req.headers.host === undefined) refuse(res, 400, 'Bad Request: Missing host header');
    else if (isApiPath(req.url ?? '/')) void api(req, res);
    else vite.middlewares(req, res);
  });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex) => {
    if (isViteSocket(req, vite.config.base)) return;
    refuseDetachedSocket(socket, 400, 'Bad Request: no WebSocket is served here');
  });
  return { server, close: () => vite.close() };
}
