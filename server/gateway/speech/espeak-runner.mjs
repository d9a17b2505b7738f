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
 * Calls `onOutput(bytes, position)` for every write to the output file while espeak runs, so its
 * audio can be used before the engine has finished (the view is valid only during the call).
 */
function watchWrites(FS, path, onOutput) {
  FS.writeFile(path, new Uint8Array(0));
  const node = FS.lookupPath(path).node;
  const ops = node.stream_ops;
  node.stream_ops = {
    ...ops,
    write(stream, buffer, offset, length, position, canOwn) {
      const written = ops.write(stream, buffer, offset, length, position, canOwn);
      onOutput(new Uint8Array(buffer.buffer, buffer.byteOffset + offset, written), position);
      return written;
    },
  };
}

/**
 * Synthesize `input` (SSML when `ssml`) and return the WAV bytes espeak wrote.
 * Text goes through a file and -f so text starting with '-' is never an option; output goes
 * under /tmp/ because writing to / of the virtual FS fails silently.
 */
export async function runEspeak({ input, voice, wpm, pitch, ssml, onOutput }) {
  const module = await compiledModule();
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
        if (onOutput) watchWrites(m.FS, '/tmp/output.wav', onOutput);
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
  if (wav.length <= 44) throw new Error(`the engine wrote an empty file for voice ${voice}`);
  return wav;
}
