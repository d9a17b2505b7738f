import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './listen-on-loopback';
import { hostileCases, htmlPage, type Operation } from './hostile-cases';
import { OPERATION_NAMES, operations } from '#contract';

/**
 * A gateway that answers both operations badly, for browser and unit tests. Started in-process on
 * port 0 by each spec or test file, so parallel workers never share one. The case is chosen by the path:
 *
 *   {origin}/case/<name>/textRemoval/taskStatus          always answers as <name>
 *   {origin}/switch/<key>/speechSynthesis/textToSpeech   answers as whatever setSwitch(key, name) last chose ('good' at first)
 *
 * CORS is open (the console calls it from another origin with an absolute Gateway URL), and
 * {origin}/audio/ok.wav is a short valid WAV for the answers that should play; {origin}/audio/page.html
 * an HTML page (HTTP 200) for an audio URL that is not audio ({origin}/no-cors/page.html the same
 * without CORS headers).
 */
export type HostileGateway = {
  origin: string;
  /** Gateway URL of a fixed case. */
  caseUrl: (name: string) => string;
  /** Gateway URL whose behaviour setSwitch() changes while the page runs. */
  switchUrl: (key: string) => string;
  setSwitch: (key: string, name: string) => void;
  /** Resolves once a request for this operation has reached a case (the answer may still be pending). */
  requested: (name: string, op: Operation) => Promise<void>;
  close: () => Promise<void>;
};

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, GET, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept, X-User-Id, X-Channel, X-App-Source',
  'Access-Control-Max-Age': '600',
};

const OPERATIONS = new Map<string, Operation>(OPERATION_NAMES.map((name) => [operations[name].path, name]));
const ROUTE = /^\/(case|switch)\/([\w-]+)(\/.+)$/;

/** 0.25 s of silence, 8 kHz mono 16-bit. */
function silentWav(): Buffer {
  const data = 4000;
  const b = Buffer.alloc(44 + data);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + data, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(16000, 28);
  b.writeUInt16LE(2, 32);
  b.writeUInt16LE(16, 34);
  b.write('data', 36);
  b.writeUInt32LE(data, 40);
  return b;
}
const WAV = silentWav();

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

export async function startHostileGateway(): Promise<HostileGateway> {
  const switches = new Map<string, string>();
  const waiters: { name: string; op: Operation; resolve: () => void }[] = [];
  let origin = '';

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    for (const [k, v] of Object.entries(CORS_HEADERS)) res.setHeader(k, v);
    const path = (req.url ?? '/').split('?')[0]!;
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    if (req.method === 'GET' && path === '/audio/ok.wav') {
      return void res.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': WAV.length }).end(WAV);
    }
    if (req.method === 'GET' && (path === '/audio/page.html' || path === '/no-cors/page.html')) {
      if (path.startsWith('/no-cors/')) for (const k of Object.keys(CORS_HEADERS)) res.removeHeader(k);
      return void htmlPage(200, 'Sign in')({ op: 'textToSpeech', body: null, req, res, origin });
    }
    const match = ROUTE.exec(path);
    const op = match ? OPERATIONS.get(match[3]!) : undefined;
    if (req.method !== 'POST' || !match || !op)
      return void res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"code":404,"message":"no such route","data":null}');
    const [, mode, key] = match as unknown as [string, string, string];
    const name = mode === 'switch' ? (switches.get(key) ?? 'good') : key;
    const hostile = hostileCases[name];
    if (!hostile) return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end(`unknown case ${name}`);
    const body = await readBody(req);
    for (const w of waiters.filter((x) => x.name === name && x.op === op)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
    hostile({ op, body, req, res, origin });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  const listening = await listenOnLoopback(server);
  origin = listening.origin;

  return {
    origin,
    caseUrl: (name) => `${origin}/case/${name}`,
    switchUrl: (key) => `${origin}/switch/${key}`,
    setSwitch: (key, name) => {
      if (!hostileCases[name]) throw new Error(`unknown case ${name}`);
      switches.set(key, name);
    },
    requested: (name, op) => new Promise<void>((resolve) => waiters.push({ name, op, resolve })),
    close: listening.close,
  };
}
