import { copyFile, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGatewayApp } from '../gateway/app';
import { embeddedInfo } from '../console-info';
import { createServerApp } from '../server-app';
import { makeTestGateway } from '../testing/test-gateway';
import { precompressDirectory } from './precompress-assets';

const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: 'Service_AI_${i}', status: 'Running' }`).join(', ')}];\n`;
const INDEX = `<!doctype html><html><head><title>Service AI Console</title></head><body>${'<div id="root"></div>'.repeat(20)}</body></html>`;
const ROOT = new URL('../../', import.meta.url);

let dist: string;
let app: ReturnType<typeof createServerApp>;
beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'precompress-'));
  await mkdir(join(dist, 'assets'));
  await mkdir(join(dist, '.vite'));
  await writeFile(join(dist, 'index.html'), INDEX);
  await writeFile(join(dist, 'assets', 'index-abc.js'), SCRIPT);
  await writeFile(join(dist, 'assets', 'photo.png'), Buffer.alloc(2000, 7));
  await writeFile(join(dist, '.vite', 'manifest.json'), JSON.stringify({ a: 'x'.repeat(500) }));
  await copyFile(new URL('public/robots.txt', ROOT), join(dist, 'robots.txt'));
  await precompressDirectory(dist);
  const gateway = await makeTestGateway();
  app = createServerApp({ api: createGatewayApp(gateway.deps), info: embeddedInfo(['t']), distDir: dist });
});

const get = (path: string, acceptEncoding?: string) =>
  app.request(path, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} });
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe('precompressed build', () => {
  it('writes .br and .gz beside text files only when smaller, and leaves images and .vite/ alone', async () => {
    const names = (await readdir(dist, { recursive: true })).map(String).sort();
    expect(names).toEqual(expect.arrayContaining(['assets/index-abc.js.br', 'assets/index-abc.js.gz', 'index.html.br', 'index.html.gz']));
    expect(names.filter((n) => n.startsWith('assets/photo.png.') || n.startsWith('.vite/manifest.json.'))).toEqual([]);
    // robots.txt is 26 bytes: no compressed copy is smaller, so none is written.
    expect(names.filter((n) => n.startsWith('robots.txt.'))).toEqual([]);
    expect(brotliDecompressSync(await readFile(join(dist, 'assets/index-abc.js.br'))).toString()).toBe(SCRIPT);
    expect(gunzipSync(await readFile(join(dist, 'assets/index-abc.js.gz'))).toString()).toBe(SCRIPT);
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['br;q=0.5, gzip;q=1', 'br'],
    ['br;q=0, gzip', 'gzip'],
  ])('Accept-Encoding "%s" gets %s with its own Content-Length and Vary', async (accept, encoding) => {
    const res = await get('/assets/index-abc.js', accept);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe(encoding);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const body = await bytes(res);
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(SCRIPT.length / 4);
    expect((encoding === 'br' ? brotliDecompressSync(body) : gunzipSync(body)).toString()).toBe(SCRIPT);
  });

  it.each([undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0'])(
    'Accept-Encoding %s gets the plain file, still with Vary',
    async (accept) => {
      const res = await get('/assets/index-abc.js', accept);
      expect(res.headers.get('content-encoding')).toBeNull();
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect((await bytes(res)).toString()).toBe(SCRIPT);
      expect(Number(res.headers.get('content-length'))).toBe(SCRIPT.length);
    },
  );

  it.each(['/', '/tasks', '/speech'])('index.html at %s comes compressed too', async (path) => {
    const res = await get(path, 'gzip, br');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(brotliDecompressSync(await bytes(res)).toString()).toBe(INDEX);
  });

  it('an image is sent as it is, without Vary', async () => {
    const res = await get('/assets/photo.png', 'br, gzip');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('vary')).toBeNull();
  });
});

describe('robots.txt and the meta description', () => {
  it('robots.txt is plain text that keeps every crawler out, not the app shell', async () => {
    const res = await get('/robots.txt', 'gzip, br');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/$/m);
    expect(text).not.toContain('<');
  });

  it('index.html has a meta description', async () => {
    const html = await readFile(new URL('index.html', ROOT), 'utf8');
    expect(html).toMatch(/<meta name="description" content="[^"]{50,160}" \/>/);
  });
});
