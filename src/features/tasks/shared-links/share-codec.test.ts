// @vitest-environment node
// jsdom has no Blob.stream(); Node has the same streams the browser does.
import { describe, expect, it } from 'vitest';
import { packIds, unpackIds } from './share-codec';

describe('share codec', () => {
  it('unpacks, piece by piece, exactly what it packed', async () => {
    const ids = Array.from({ length: 30_000 }, (_, i) => `Service_AI_${(i * 2654435761).toString(36)}_${i}`);
    const packed = await packIds(ids);
    expect(packed).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(packed.length).toBeGreaterThan(64 * 1024 * 1.4);
    expect(await unpackIds(packed)).toBe(ids.join('\n'));
  });

  it('throws on a damaged link', async () => {
    const packed = await packIds(['Service_AI_a', 'Service_AI_b']);
    await expect(unpackIds(packed.slice(0, -4) + '!!!!')).rejects.toThrow();
  });
});
