/** What zip.worker.ts answers: a take done (for the progress), the zip, or why not. */
export type ZipWorkerAnswer = { kind: 'progress'; done: number } | { kind: 'done'; zip: Blob } | { kind: 'failed'; message: string };
