// npm run build:lame — rebuilds server/gateway/speech/lame/mp3-encoder.wasm: LAME 3.99.5's encoder
// library (LGPL, C source from the npm package lame@1.2.4, deps/lame/libmp3lame) and our wrapper
// (mp3-encoder.c, config.h), compiled for wasm32-wasi by @yowasp/clang (LLVM's clang and lld built
// to WebAssembly, with a wasi-libc sysroot), so it runs here under Node with no native toolchain.
// Neither package is a dependency: both are fetched into a temporary directory (needs the npm
// registry). LAME_DIR=<a LAME source tree> builds that instead of lame@1.2.4's (e.g. a modified
// LAME). Not run by npm ci or CI; the built .wasm is committed.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const LAME_PACKAGE = 'lame@1.2.4';
const LAME_INTEGRITY = 'sha512-z33fJha/XgKUvS2pCpbuxBPqhiNndkNOdNlCk7q6wWF2vkB7p8RKmPuRSeQaRKaB/mXjKkM50crC7jL2JRLWfw==';
const CLANG_PACKAGE = '@yowasp/clang@22.0.0-git20542-10';
// -O3 for speed (wasm-media-encoders builds with -Oz); -ffast-math as LAME's own configure uses for
// gcc; -msimd128 lets clang vectorize loops (Node 20 runs WebAssembly SIMD). Measured in docs/decisions/gateway-speech.md ("Our own LAME WebAssembly build").
const CFLAGS = ['-O3', '-msimd128', '-ffast-math', '-DNDEBUG', '-DHAVE_CONFIG_H', '-w'];

const here = fileURLToPath(new URL('../server/gateway/speech/lame/', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'build-lame-'));
const run = (cmd, args) => execFileSync(cmd, args, { cwd: work, stdio: ['ignore', 'pipe', 'inherit'] }).toString();

try {
  const tarball = run('npm', ['pack', LAME_PACKAGE, '--silent']).trim().split('\n').at(-1);
  const integrity = `sha512-${createHash('sha512')
    .update(readFileSync(join(work, tarball)))
    .digest('base64')}`;
  if (integrity !== LAME_INTEGRITY) throw new Error(`${LAME_PACKAGE} is not the tarball this build was made from (${integrity})`);
  run('tar', ['xzf', tarball]);
  run('npm', ['install', '--prefix', join(work, 'tool'), '--no-save', '--no-audit', '--no-fund', CLANG_PACKAGE]);
  const { runClang } = await import(pathToFileURL(join(work, 'tool/node_modules/@yowasp/clang/gen/bundle.js')).href);

  const lame = process.env.LAME_DIR ?? join(work, 'package/deps/lame');
  const library = readdirSync(join(lame, 'libmp3lame')).filter((f) => /\.[ch]$/.test(f));
  const files = {
    include: { 'lame.h': readFileSync(join(lame, 'include/lame.h')) },
    libmp3lame: {
      ...Object.fromEntries(library.map((f) => [f, readFileSync(join(lame, 'libmp3lame', f))])),
      vector: { 'lame_intrin.h': readFileSync(join(lame, 'libmp3lame/vector/lame_intrin.h')) },
    },
    wrapper: { 'config.h': readFileSync(join(here, 'config.h')), 'mp3-encoder.c': readFileSync(join(here, 'mp3-encoder.c')) },
  };
  // The encoder only: mpglib_interface.c is the decoder's glue (empty without HAVE_MPGLIB).
  const sources = library.filter((f) => f.endsWith('.c') && f !== 'mpglib_interface.c').map((f) => `libmp3lame/${f}`);
  const args = ['clang', '--target=wasm32-wasip1', ...CFLAGS, '-Iwrapper', '-Iinclude', '-Ilibmp3lame'];
  // A reactor (no main): the exports are called after _initialize. Unused code and names are dropped.
  args.push('-mexec-model=reactor', '-Wl,--gc-sections', '-Wl,--strip-all', 'wrapper/mp3-encoder.c', ...sources, '-o', 'mp3-encoder.wasm');
  const started = performance.now();
  const out = await runClang(args, files, { stderr: (bytes) => bytes && process.stderr.write(bytes) });
  const wasm = out['mp3-encoder.wasm'];
  writeFileSync(join(here, 'mp3-encoder.wasm'), wasm);
  const sha256 = createHash('sha256').update(wasm).digest('hex');
  console.log(
    `mp3-encoder.wasm: ${wasm.length} bytes, sha256 ${sha256}, compiled in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
