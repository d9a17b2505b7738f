export const MP3_BITRATE: number;
export function encodePcm(samples: Int16Array): Uint8Array;
export function encodeWav(samples: Int16Array): Uint8Array;
export function encodeMp3(samples: Int16Array): Promise<Uint8Array>;
export function encodeAudio(samples: Int16Array, format: 'pcm' | 'wav' | 'mp3'): Promise<Uint8Array>;
