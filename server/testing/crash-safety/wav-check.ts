/** Why these bytes are not one complete 16-bit PCM WAV file (RIFF sizes agree with the length), or null. */
export function wavProblem(bytes: Uint8Array): string | null {
  if (bytes.byteLength < 44) return `only ${bytes.byteLength} bytes`;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));
  if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE' || tag(12) !== 'fmt ') return 'no RIFF/WAVE/fmt header';
  if (view.getUint32(4, true) !== bytes.byteLength - 8)
    return `RIFF size ${view.getUint32(4, true)} but ${bytes.byteLength - 8} bytes follow`;
  const fmtSize = view.getUint32(16, true);
  const dataAt = 20 + fmtSize;
  if (view.getUint16(20, true) !== 1 || view.getUint16(34, true) !== 16) return 'not 16-bit PCM';
  if (tag(dataAt) !== 'data') return 'no data chunk after fmt';
  const dataSize = view.getUint32(dataAt + 4, true);
  if (dataSize !== bytes.byteLength - dataAt - 8) return `data size ${dataSize} but ${bytes.byteLength - dataAt - 8} bytes follow`;
  if (dataSize === 0 || dataSize % 2 !== 0) return `data size ${dataSize} is not whole non-empty samples`;
  return null;
}
