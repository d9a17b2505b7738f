import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Vitest's global setup for the server tests: they make their data directories under os.tmpdir()
 * (mkdtemp), most without removing them. TMPDIR points at one fresh directory for the run (the
 * test processes start after this and inherit it), removed when the run ends: a run leaves nothing
 * in /tmp, and a run that is killed leaves one directory, named for what made it.
 */
export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const dir = mkdtempSync(join(tmpdir(), 'console-vitest-'));
  process.env.TMPDIR = dir;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch (err) {
      // A tmpfs a failed disk-full test left mounted (EBUSY): say where, do not fail the run for it.
      console.warn(`could not remove the tests' temp directory ${dir}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
}
