// Runs espeak-ng's command-line main() in a fresh WASM instance. Plain JS: used by the worker.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import ESpeakNg from 'espeak-ng';

let compiled = null;

/** Compiling the 18.5 MB module once per worker saves most of each call's start-up. */
function compiledModule() {
  if (!compiled) {
    const wasmPath = join(dirname(createRequire(import.meta.url).resolve('espeak-ng')), 'espeak-ng.wasm');
    compiled = WebAssembly.compile(readFileSync(wasmPath));
  }
  return compiled;
}

/**
 * Synthesize `input` (SSML when `ssml`) and return the WAV bytes espeak wrote.
 * Text goes through a file and -f so text starting with '-' is never an option; output goes
 * under /tmp/ because writing to / of the virtual FS fails silently.
 */
export async function runEspeak({ input, voice, wpm, pitch, ssml }) {
  const module = await compiledModule();
  const args = ['-v', voice, '-s', String(wpm), '-p', String(pitch), ...(ssml ? ['-m'] : [])];
  const instance = await ESpeakNg({
    print() {},
    printErr() {},
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(module, imports).then((inst) => receive(inst));
      return {};
    },
    preRun: [(m) => m.FS.writeFile('/tmp/input.txt', input)],
    arguments: [...args, '-w', '/tmp/output.wav', '-f', '/tmp/input.txt'],
  });
  let wav;
  try {
    wav = instance.FS.readFile('/tmp/output.wav');
  } catch {
    throw new Error(`the engine wrote no audio for voice ${voice}`);
  }
  if (wav.length <= 44) throw new Error(`the engine wrote an empty file for voice ${voice}`);
  return wav;
}
