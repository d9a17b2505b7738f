/**
 * What the gateway needs from speech synthesis. Minimal shape agreed between the task/files side
 * and the speech side; the speech engineer owns this file and may widen synthesize().
 */
export type StoredAudio = { bytes: Uint8Array; contentType: string; fileName: string };

export type SpeechService = {
  /** Bytes of a synthesized file by its ID, or null when there is no such file. */
  readAudio(fileId: string): Promise<StoredAudio | null>;
  synthesize(input: SynthesisInput): Promise<SynthesisOutput>;
  close?(): Promise<void>;
};

export type SynthesisInput = {
  userId: string;
  text: string;
  format: 'pcm' | 'wav' | 'mp3';
  voiceName?: string;
  targetLanguage?: string;
  speedFactor: number;
  volume: number;
  emotion: number;
};

export type SynthesisOutput = {
  fileId: string;
  sourceLanguage: string;
  targetLanguage: string;
  speeches: { index: number; text: string; startMs: number; endMs: number }[];
};
