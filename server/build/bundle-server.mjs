// The production server as one plain-JavaScript module: server/start.ts and what it imports, bundled by esbuild
// (packages left to node_modules), so `node` runs it without a TypeScript loader (docs/performance.md, "The server
// bundled"). Plain JavaScript itself, so plain `node` can run it.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, stop } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Where `npm start` writes it (gitignored). A bundle must stay inside the checkout: its packages resolve from node_modules above it. */
export const BUNDLE_DIR = join(ROOT, 'dist-server');
const IMPORT_META_URL = /\bimport\.meta\.url\b/g;

/**
 * `import.meta.url` in a bundled module would be the bundle's URL; each source file's own is rewritten to its source
 * file's URL reached from the bundle, so the workers (.mjs, left as they are), the WebAssembly and the sample video
 * still load from beside their source, wherever the checkout lies.
 * @param {string} outdir
 * @returns {import('esbuild').Plugin}
 */
function sourceFileUrls(outdir) {
  return {
    name: 'source-file-urls',
    setup(bundler) {
      bundler.onLoad({ filter: /\.(?:ts|mts|mjs|js)$/ }, async ({ path }) => {
        const text = await readFile(path, 'utf8');
        const loader = /\.m?ts$/.test(path) ? 'ts' : 'js';
        if (!text.includes('import.meta.url')) return { contents: text, loader };
        const fromBundle = relative(outdir, path).split(sep).join('/');
        return { contents: text.replace(IMPORT_META_URL, `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`), loader };
      });
    },
  };
}

/**
 * Bundles server/start.ts into `outdir`/start.mjs with its source map (stack traces name the .ts lines when run with
 * source maps on); each file is written beside and renamed over, so a server starting meanwhile reads a whole one.
 * @param {string} [outdir]
 * @returns {Promise<string>} the bundle's path
 */
export async function bundleServer(outdir = BUNDLE_DIR) {
  const result = await build({
    entryPoints: [join(ROOT, 'server/start.ts')],
    outfile: join(outdir, 'start.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    // Node reads the .ts files' lines from the map only for a stack trace's names; the sources stay in the checkout.
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
    plugins: [sourceFileUrls(outdir)],
  });
  // esbuild's service is a child process kept for later builds; there are none, and a server must not keep it.
  await stop();
  mkdirSync(outdir, { recursive: true });
  // The map first: the bundle names it, and a bundle is only ever read after its map is in place.
  const files = [...result.outputFiles].sort((a, b) => Number(b.path.endsWith('.map')) - Number(a.path.endsWith('.map')));
  for (const file of files) {
    const partial = join(outdir, `.${basename(file.path)}.${process.pid}`);
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
  return join(outdir, 'start.mjs');
}

// `node server/build/bundle-server.mjs [outdir]`: the bundle alone (the browser tests' servers run it, playwright.config.ts).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await bundleServer(process.argv[2] ? resolve(process.argv[2]) : BUNDLE_DIR);
}
