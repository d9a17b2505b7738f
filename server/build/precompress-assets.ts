import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images, audio and video are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|xml|webmanifest|wasm)$/;

export type PrecompressResult = { file: string; bytes: number; br: number | null; gzip: number | null };

/**
 * Writes file.br (brotli, quality 11) and file.gz (gzip -9) beside every compressible file of the
 * build, each only when it is smaller than the file itself, so the server never picks a bigger one.
 * The build's own metadata (.vite/) is left alone.
 */
export async function precompressDirectory(dir: string): Promise<PrecompressResult[]> {
  const files = (await readdir(dir, { recursive: true }))
    .map((name) => String(name))
    .filter((name) => COMPRESSIBLE.test(name) && !name.split(/[\\/]/).some((part) => part.startsWith('.')));
  return Promise.all(
    files.map(async (name) => {
      const path = join(dir, name);
      if (!(await stat(path)).isFile()) return { file: name, bytes: 0, br: null, gzip: null };
      const bytes = await readFile(path);
      const [br, gzipped] = await Promise.all([
        brotli(bytes, {
          params: {
            // Source maps are fetched only by developer tools: quality 11 on them would cost seconds of build.
            [constants.BROTLI_PARAM_QUALITY]: name.endsWith('.map') ? 5 : constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
        gz(bytes, { level: 9 }),
      ]);
      const keep = async (data: Buffer, ext: string) => {
        if (data.length >= bytes.length) return null;
        await writeFile(`${path}${ext}`, data);
        return data.length;
      };
      return { file: relative(dir, path), bytes: bytes.length, br: await keep(br, '.br'), gzip: await keep(gzipped, '.gz') };
    }),
  );
}

/** Vite plugin: precompress the finished build (public files and index.html included). */
export function precompressAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressDirectory(outDir);
    },
  };
}
