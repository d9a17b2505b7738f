export function runEspeak(options: {
  input: string;
  voice: string;
  wpm: number;
  pitch: number;
  ssml?: boolean;
  onOutput?: (bytes: Uint8Array, position: number) => void;
  keepOutput?: boolean;
}): Promise<Uint8Array>;
/** The engine's module, compiled once per thread (a worker awaits it before it says it is ready). */
export function compiledModule(): Promise<WebAssembly.Module>;
