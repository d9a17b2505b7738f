export type LameStream = { encode(samples: Int16Array): Uint8Array[]; flush(): Uint8Array };
export type LameEncoder = { open(sampleRate: number, vbrQuality: number, algorithmQuality: number): LameStream };
export function loadLameEncoder(): Promise<LameEncoder>;
