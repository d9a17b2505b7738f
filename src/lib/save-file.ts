/**
 * Saves a Blob under a file name, as a download link would (one made on demand, never in the
 * page). The object URL is let go a while after: a large file may still be being written.
 */
export function saveFile(blob: Blob, filename: string, keepUrlMs = 10_000): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), keepUrlMs);
}

/** Saves text (a CSV, JSON or XML export) as a file of that type. */
export const saveText = (text: string, filename: string, type: string): void => saveFile(new Blob([text], { type }), filename);
