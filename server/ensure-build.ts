import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** `npm start` on a fresh checkout: build the console once if the build directory has none. */
export async function ensureBuild(root: string, distDir: string): Promise<void> {
  if (existsSync(join(distDir, 'index.html'))) return;
  console.log(`No console build in ${distDir}: building it (vite build)…`);
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn', build: { outDir: distDir, emptyOutDir: true } });
}
