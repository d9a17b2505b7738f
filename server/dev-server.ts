import { createServer, type Server, type ServerOptions } from 'node:http';
import type { Hono } from 'hono';
import { createRequestListener } from './request-listener';
import { API_MOUNT } from './server-app';

type DevServer = { server: Server; close(): Promise<void> };

const isApiPath = (url: string) => url === API_MOUNT || url.startsWith(`${API_MOUNT}/`) || url.startsWith(`${API_MOUNT}?`);

/**
 * One process for development: /api goes to the same Hono app as in production, everything else
 * to Vite in middleware mode (SPA fallback, HMR over this server's own socket).
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
    if (isApiPath(req.url ?? '/')) void api(req, res);
    else vite.middlewares(req, res);
  });
  return { server, close: () => vite.close() };
}
