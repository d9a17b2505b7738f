export const MP3_VBR_QUALITY: number;
export function encodePcm(samples: Int16Array | ArrayLike<number>): Uint8Array;
export function encodeWav(samples: Int16Array): Uint8Array;
export type Mp3Stream = { write(samples: Int16Array): void; end(): Uint8Array };
export function createMp3Stream(): Promise<Mp3Stream>;
export function encodeMp3(samples: Int16Array): Promise<Uint8Array>;
export function encodeAudio(samples: Int16Array, format: 'pcm' | 'wav' | 'mp3'): Promise<Uint8Array>;
export function mp3FrameStarts(frames: Uint8Array): number[];
export function mp3File(frames: Uint8Array): Uint8Array;
