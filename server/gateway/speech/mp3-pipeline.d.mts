export const FRAME_SAMPLES: number;
export const FLUSH_SAMPLES: number;
export const MIN_PART_SAMPLES: number;
export const CLAIMED_BY_HELPER: number;
export type Mp3Pipeline = {
  scan(audio: Int16Array): void;
  finish(audio: Int16Array): Promise<Uint8Array>;
  cuts(): number[];
  cancel(): void;
};
export type Mp3PipelineOptions = { minPartSamples?: number; useHelper?: boolean };
export function createMp3Pipeline(options?: Mp3PipelineOptions): Mp3Pipeline;
export function encodeMp3InParts(audio: Int16Array, options?: Mp3PipelineOptions): Promise<Uint8Array>;
