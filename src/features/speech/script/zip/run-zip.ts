import { workerScriptUrl } from '@/lib/script-url';
import type { ZipJob } from './script-zip';
import zipWorkerUrl from './zip.worker.ts?worker&url';
import type { ZipWorkerAnswer } from './zip-worker-messages';

/**
 * The script's zip made in a worker (zip.worker.ts), so normalising and zipping 50 takes never
 * freezes the page; in the page itself where workers are missing.
 */
export async function runZip(job: ZipJob, onProgress: (done: number) => void): Promise<Blob> {
  if (typeof Worker !== 'function') return (await import('./script-zip')).makeScriptZip(job, onProgress);
  const worker = new Worker(workerScriptUrl(zipWorkerUrl), { type: 'module', name: 'script-zip' });
  try {
    return await new Promise<Blob>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<ZipWorkerAnswer>) => {
        const answer = event.data;
        if (answer.kind === 'progress') onProgress(answer.done);
        else if (answer.kind === 'done') resolve(answer.zip);
        else reject(new Error(answer.message));
      };
      worker.onerror = (event) => reject(new Error(event.message));
      worker.postMessage(job);
    });
  } finally {
    worker.terminate();
  }
}
