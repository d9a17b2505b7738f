import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIGNING_KEY_FILE, URL_SIGNER_CACHE_MAX_CHARS, UrlSigner } from './url-signer';

const freshDir = () => mkdtemp(join(tmpdir(), 'signer-'));

describe('UrlSigner', () => {
  it('accepts its own signature and nothing else', async () => {
    const signer = await UrlSigner.open(await freshDir());
    const sig = signer.sign('video', 'Service_AI_a', '1');
    expect(signer.verify('video', 'Service_AI_a', '1', sig)).toBe(true);
    expect(signer.verify('video', 'Service_AI_a', '2', sig)).toBe(false);
    expect(signer.verify('video', 'Service_AI_b', '1', sig)).toBe(false);
    expect(signer.verify('audio', 'Service_AI_a', '1', sig)).toBe(false);
    expect(signer.verify('video', 'Service_AI_a', '1', sig.slice(1))).toBe(false);
    expect(signer.verify('video', 'Service_AI_a', '1', '')).toBe(false);
  });

  it('keeps one secret per data directory across restarts, and concurrent opens agree', async () => {
    const dir = await freshDir();
    const [a, b] = await Promise.all([UrlSigner.open(dir), UrlSigner.open(dir)]);
    const c = await UrlSigner.open(dir);
    const sig = a.sign('audio', 'f.wav', '3');
    expect(b.verify('audio', 'f.wav', '3', sig)).toBe(true);
    expect(c.verify('audio', 'f.wav', '3', sig)).toBe(true);
    expect((await readFile(join(dir, SIGNING_KEY_FILE), 'utf8')).trim()).toMatch(/^[0-9a-f]{64}$/);
    const other = await UrlSigner.open(await freshDir());
    expect(other.verify('audio', 'f.wav', '3', sig)).toBe(false);
  });

  it('builds absolute links under /api/files that need no headers', async () => {
    const signer = await UrlSigner.open(await freshDir());
    const url = new URL(signer.fileUrl('http://host:8080', 'video', 'Service_AI_x y', '77'));
    expect(url.origin).toBe('http://host:8080');
    expect(url.pathname).toBe('/api/files/video/Service_AI_x%20y');
    expect(url.searchParams.get('u')).toBe('77');
    expect(signer.verify('video', 'Service_AI_x y', '77', url.searchParams.get('sig')!)).toBe(true);
  });

  // Before: every verify cached its message, so 57,000 unauthenticated file-link requests with
  // 15,000-char names pinned ~600 MB (20,000 entries) until the cache cleared.
  it('caches nothing for links it is asked to verify, however many and however long', async () => {
    const signer = await UrlSigner.open(await freshDir());
    for (let i = 0; i < 2_000; i++) expect(signer.verify('audio', `${i}-${'a'.repeat(15_000)}`, '1', 'x'.repeat(43))).toBe(false);
    expect(signer.cachedChars).toBe(0);
  });

  it('signs a long name without caching it, and keeps its cache under its character budget', async () => {
    const signer = await UrlSigner.open(await freshDir());
    const long = 'b'.repeat(15_000);
    const sig = signer.sign('audio', long, '1');
    expect(signer.verify('audio', long, '1', sig)).toBe(true);
    expect(signer.cachedChars).toBe(0);
    for (let i = 0; i < 30_000; i++) signer.sign('video', `Service_AI_${i}-${'c'.repeat(400)}`, '1');
    expect(signer.cachedChars).toBeGreaterThan(0);
    expect(signer.cachedChars).toBeLessThanOrEqual(URL_SIGNER_CACHE_MAX_CHARS);
  });

  it('verifies a link it signed (cached) and one signed before a restart (not cached) alike', async () => {
    const dir = await freshDir();
    const before = (await UrlSigner.open(dir)).sign('audio', 'f.wav', '3');
    const signer = await UrlSigner.open(dir);
    expect(signer.verify('audio', 'f.wav', '3', before)).toBe(true);
    expect(signer.verify('audio', 'f.wav', '3', signer.sign('audio', 'f.wav', '3'))).toBe(true);
  });
});
