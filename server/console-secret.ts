import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAKE_A_SECRET, secretWeakness } from './secret-strength';

/** Where the generated secret is kept in DATA_DIR when CONSOLE_SECRET is unset. */
export const SECRET_FILE = 'console-secret';

type SecretOptions = {
  /** CONSOLE_SECRET, already checked by the config (secretWeakness). */
  configured?: string | undefined;
  dataDir: string;
  warn?: (line: string) => void;
};
type ConsoleSecret = { secret: string; source: 'CONSOLE_SECRET' | 'file' | 'memory' };

/**
 * The secret that signs audio relay tickets: CONSOLE_SECRET, else one generated once and kept in
 * DATA_DIR/console-secret (mode 0600), so a restart keeps it and instances sharing DATA_DIR agree.
 * It is created atomically: written whole to a private temporary name, then linked to its name,
 * which fails if another process got there first (that one's secret is then used). When DATA_DIR is
 * not writable the server still starts, with a secret for this process only (as the relay was before
 * tickets: a restart or another instance refuses its tickets), and says so on stderr.
 */
export async function consoleSecret({ configured, dataDir, warn = console.warn }: SecretOptions): Promise<ConsoleSecret> {
  if (configured !== undefined) return { secret: configured, source: 'CONSOLE_SECRET' };
  const path = join(dataDir, SECRET_FILE);
  const kept = await readKept(path);
  if (kept !== null) return { secret: kept, source: 'file' };
  const fresh = randomBytes(32).toString('hex');
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await mkdir(dataDir, { recursive: true });
    await writeFile(temp, `${fresh}\n`, { mode: 0o600, flag: 'wx' });
    try {
      await link(temp, path);
      return { secret: fresh, source: 'file' };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const theirs = await readKept(path);
      if (theirs === null) throw err;
      return { secret: theirs, source: 'file' };
    } finally {
      await unlink(temp).catch(() => undefined);
    }
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    warn(
      `Could not keep the audio relay secret in ${path} (${why}): using one for this process only, so its relay ` +
        'links stop working after a restart and on other instances. Set CONSOLE_SECRET (the same on every instance) ' +
        'or make DATA_DIR writable.',
    );
    return { secret: fresh, source: 'memory' };
  }
}

/**
 * The kept secret, or null when there is none; one that is there but unusable stops the start. The
 * rule is CONSOLE_SECRET's: this server only ever writes 64 random hex digits, so a weak file was
 * written by hand, and it signs tickets as CONSOLE_SECRET would (a forgeable key either way).
 */
async function readKept(path: string): Promise<string | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
    throw err;
  }
  const secret = text.trim();
  const weakness = secretWeakness(secret);
  if (weakness !== null)
    throw new Error(`The secret kept in ${path} ${weakness}: remove it to have a new one made, or ${MAKE_A_SECRET} and write it there`);
  return secret;
}
