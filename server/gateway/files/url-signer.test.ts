import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIGNING_KEY_FILE, UrlSigner } from './url-signer';

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
});
