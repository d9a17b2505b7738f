import type { LameWasm } from './lame-mp3';
// The gateway's own LAME build, as an asset of the loudness worker (fetched on the first MP3 it
// encodes): one build for both sides, so a normalised MP3 take is made as the gateway makes it.
// eslint-disable-next-line import-x/no-restricted-paths -- a binary asset (its URL), not server code run in the page.
import lameWasmUrl from '../../../../server/gateway/speech/lame/mp3-encoder.wasm?url';

/** LAME's module, fetched from the console's own origin. */
export const fetchLameWasm: LameWasm = async () => {
  const response = await fetch(lameWasmUrl);
  if (!response.ok) throw new Error(`mp3-encoder.wasm: HTTP ${response.status}`);
  return response.arrayBuffer();
};
