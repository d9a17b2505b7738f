import { execFileSync } from 'node:child_process';
import { open, unlink } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A real, small file system (tmpfs) at `dir`, so "disk full" is the kernel's ENOSPC and not a
 * simulation. Needs root (the CI and dev machines run as root); the error says so otherwise.
 */
export function mountSmallDisk(dir: string, size: string): void {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (err) {
    throw new Error(`the disk-full test mounts a ${size} tmpfs and needs root: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  }
}

export function unmountSmallDisk(dir: string): void {
  execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
}

/** Fill the rest of the file system with a ballast file; removing it gives the space back. */
export async function fillDisk(dir: string): Promise<() => Promise<void>> {
  const path = join(dir, 'ballast');
  const file = await open(path, 'a');
  const chunk = new Uint8Array(64 * 1024);
  try {
    for (let size = chunk.length; size >= 1; size = Math.floor(size / 2)) {
      for (;;) {
        try {
          await file.write(chunk.subarray(0, size));
        } catch {
          break;
        }
      }
    }
  } finally {
    await file.close();
  }
  return () => unlink(path);
}
