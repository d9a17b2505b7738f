// Runs espeak-ng's command-line main() in a fresh WASM instance. Plain JS: used by the worker.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import ESpeakNg from 'espeak-ng';

/** @type {Promise<WebAssembly.Module> | null} */
let compiled = null;
const WAV_HEADER_BYTES = 44;

/**
 * @typedef {import('espeak-ng').EmscriptenFs} EmscriptenFs
 * @typedef {import('espeak-ng').StreamWrite} StreamWrite
 * @typedef {(bytes: Uint8Array, position: number) => void} OnOutput
 * @typedef {{ input: string; voice: string; wpm: number; pitch: number; ssml?: boolean; onOutput?: OnOutput; keepOutput?: boolean }} EngineCall
 * What an engine is asked (engines.mjs): the stand-in takes the same.
 */

/**
 * The engine's module, compiled once per thread (a worker awaits it before it says it is ready):
 * compiling the 18.5 MB module once per worker saves most of each call's start-up.
 * @returns {Promise<WebAssembly.Module>}
 */
export function compiledModule() {
  if (!compiled) {
    const wasmPath = join(dirname(createRequire(import.meta.url).resolve('espeak-ng')), 'espeak-ng.wasm');
    compiled = WebAssembly.compile(readFileSync(wasmPath));
  }
  return compiled;
}

/**
 * Calls `onOutput(bytes, position)` for every write to the output file while espeak runs, so its
 * audio can be used before the engine has finished (the view is valid only during the call).
 * With `keep` false only the 44-byte header is stored: the in-memory file grows by 1/8 at a time
 * above 1 MB, copying itself each time (≈ 25 copies of up to 20 MB for 5,000 characters), which a
 * caller that reads the stream does not need. Returns how many bytes were written in all.
 * @param {EmscriptenFs} FS
 * @param {string} path
 * @param {OnOutput} onOutput
 * @param {boolean} keep
 * @returns {{ bytes: number }}
 */
function watchWrites(FS, path, onOutput, keep) {
  FS.writeFile(path, new Uint8Array(0));
  const node = FS.lookupPath(path).node;
  const ops = node.stream_ops;
  const total = { bytes: 0 };
  node.stream_ops = {
    ...ops,
    /** @type {StreamWrite} */
    write(stream, buffer, offset, length, position, canOwn) {
      const written = keep || position < WAV_HEADER_BYTES ? ops.write(stream, buffer, offset, length, position, canOwn) : length;
      onOutput(new Uint8Array(buffer.buffer, buffer.byteOffset + offset, written), position);
      total.bytes = Math.max(total.bytes, position + written);
      return written;
    },
  };
  return total;
}

/**
 * Synthesize `input` (SSML when `ssml`) and return the WAV bytes espeak wrote (with `keepOutput`
 * false and an `onOutput`, only the header: the audio went to `onOutput` alone).
 * Text goes through a file and -f so text starting with '-' is never an option; output goes
 * under /tmp/ because writing to / of the virtual FS fails silently.
 * @param {EngineCall} options
 * @returns {Promise<Uint8Array>}
 */
export async function runEspeak({ input, voice, wpm, pitch, ssml, onOutput, keepOutput = true }) {
  const module = await compiledModule();
  // Set by preRun (a callback), hence the cast: without it the check below would read it as null.
  let written = /** @type {{ bytes: number } | null} */ (null);
  const args = ['-v', voice, '-s', String(wpm), '-p', String(pitch), ...(ssml ? ['-m'] : [])];
  const instance = await ESpeakNg({
    print() {},
    printErr() {},
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(module, imports).then((inst) => receive(inst));
      return {};
    },
    preRun: [
      (m) => {
        m.FS.writeFile('/tmp/input.txt', input);
        if (onOutput) written = watchWrites(m.FS, '/tmp/output.wav', onOutput, keepOutput);
      },
    ],
    arguments: [...args, '-w', '/tmp/output.wav', '-f', '/tmp/input.txt'],
  });
  let wav;
  try {
    wav = instance.FS.readFile('/tmp/output.wav');
  } catch {
    throw new Error(`the engine wrote no audio for voice ${voice}`);
  }
  if ((written?.bytes ?? wav.length) <= WAV_HEADER_BYTES) throw new Error(`the engine wrote an empty file for voice ${voice}`);
  return wav;
}
