export function xingFrame(header: Uint8Array, frameStarts: ArrayLike<number>, audioBytes: number): Uint8Array;
