// espeak-ng ships no types: the parts of its Emscripten module that espeak-runner.mjs uses.
declare module 'espeak-ng' {
  export type StreamWrite = (
    stream: unknown,
    buffer: Uint8Array,
    offset: number,
    length: number,
    position: number,
    canOwn?: boolean,
  ) => number;
  export type EmscriptenFs = {
    writeFile(path: string, data: string | Uint8Array): void;
    readFile(path: string): Uint8Array;
    lookupPath(path: string): { node: { stream_ops: { write: StreamWrite } } };
  };
  export type ESpeakNgOptions = {
    print(text: string): void;
    printErr(text: string): void;
    instantiateWasm(imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance) => void): Record<string, never>;
    preRun: ((module: { FS: EmscriptenFs }) => void)[];
    arguments: string[];
  };
  /** Runs espeak-ng's command-line main() with `arguments` in a fresh instance. */
  export default function ESpeakNg(options: ESpeakNgOptions): Promise<{ FS: EmscriptenFs }>;
}
