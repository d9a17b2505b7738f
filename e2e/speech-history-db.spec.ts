import { expect, test } from '@playwright/test';
import { seedConnection, uniqueUserId } from './speech-helpers';

test('history written by the earlier hand-made IndexedDB code still opens, with its audio', async ({ page }) => {
  await seedConnection(page, uniqueUserId());
  await page.goto('/settings');
  // Exactly what the old wrapper did: version 1, a keyPath "takes" store and a keyless "audio" store.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('console.speech.history', 1);
        open.onupgradeneeded = () => {
          open.result.createObjectStore('takes', { keyPath: 'id' });
          open.result.createObjectStore('audio');
        };
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction(['takes', 'audio'], 'readwrite');
          tx.objectStore('takes').put({
            id: 'old-take',
            createdAt: Date.UTC(2026, 0, 2),
            connection: { gatewayUrl: '/api', userId: '1', channel: '', appSource: '' },
            request: { sourceText: 'A take from before the move to idb.', voiceName: 'en-us', format: 'pcm' },
            result: { taskId: 'Service_AI_old', targetAudioUrl: 'http://127.0.0.1:9/gone.pcm', speeches: [] },
            format: 'pcm',
            pcmFormat: { sampleRate: 8000, channels: 1, bitsPerSample: 16 },
            audio: { kept: true, contentType: 'application/octet-stream', byteLength: 16000 },
          });
          tx.objectStore('audio').put(new Blob([new Uint8Array(16000)]), 'old-take');
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Speech' }).click();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText('1 take');
  await expect(history).toContainText('A take from before the move to idb.');
  await history.getByRole('button', { name: /Replay/ }).click();
  const audio = page.getByRole('region', { name: 'Result' }).locator('audio');
  // 16,000 bytes of 16-bit mono PCM at 8 kHz, wrapped as WAV from the kept Blob: one second.
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.duration), { timeout: 10_000 }).toBeCloseTo(1, 2);
});
