import { workerScriptUrl } from '@/lib/script-url';
import { decodedBuffers, withPageDecoded } from '../../loudness';
import type { ZipJob } from './script-zip';
import zipWorkerUrl from './zip.worker.ts?worker&url';
import type { ZipWorkerAnswer } from './zip-worker-messages';

/**
 * The takes with the samples only the page can decode (MP3), one at a time to hold one decoding at
 * once; a take that cannot be decoded goes as it is (the worker leaves it unchanged and says so).
 */
async function decodedTakes(takes: ZipJob['takes']): Promise<ZipJob['takes']> {
  const out: ZipJob['takes'] = [];
  for (const take of takes) out.push(await withPageDecoded(take).catch(() => take));
  return out;
}

/**
 * The script's zip made in a worker (zip.worker.ts), so normalising and zipping 50 takes never
 * freezes the page; in the page itself where workers are missing.
 */
export async function runZip(asked: ZipJob, onProgress: (done: number) => void): Promise<Blob> {
  const job = asked.targetLufs === null ? asked : { ...asked, takes: await decodedTakes(asked.takes) };
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
      worker.postMessage(job, job.takes.flatMap(decodedBuffers));
    });
  } finally {
    worker.terminate();
  }
}
