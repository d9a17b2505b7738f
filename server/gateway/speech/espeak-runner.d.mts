export function runEspeak(options: {
  input: string;
  voice: string;
  wpm: number;
  pitch: number;
  ssml?: boolean;
  onOutput?: (bytes: Uint8Array, position: number) => void;
  keepOutput?: boolean;
}): Promise<Uint8Array>;
