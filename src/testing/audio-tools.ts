import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Whether ffmpeg runs here (this machine has it; CI does not): its checks are a second opinion, run where it is. */
export const HAS_FFMPEG = (() => {
  try {
    execFileSync('ffmpeg', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** The gateway's LAME build, read from disk; the page's workers fetch the same file. */
export const readLameWasm = () => readFile(join(process.cwd(), 'server/gateway/speech/lame/mp3-encoder.wasm'));
