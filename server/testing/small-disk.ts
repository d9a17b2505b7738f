import { execFileSync } from 'node:child_process';
import { open, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { it } from 'vitest';

/** Mounting a tmpfs needs root: CI runs as root, a developer's account often is not. */
const CAN_MOUNT = process.getuid?.() === 0;
const NEEDS_ROOT = 'needs root: it mounts a small tmpfs (CI runs as root, so it runs there)';

/**
 * A test that mounts a small disk: "(needs root)" ends its name, and where the run is not root it
 * is reported as skipped with the reason instead of failing on `mount`.
 */
export function itNeedsRoot(name: string, fn: () => Promise<void>, timeout?: number): void {
  it(
    `${name} (needs root)`,
    async (ctx) => {
      ctx.skip(!CAN_MOUNT, NEEDS_ROOT);
      await fn();
    },
    timeout,
  );
}

/**
 * A real, small file system (tmpfs) at `dir`, so "disk full" is the kernel's ENOSPC and not a
 * simulation. Needs root (see itNeedsRoot); the error says so otherwise.
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
