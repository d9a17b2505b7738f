import { yieldToBrowser } from '@/lib/yield-to-browser';

// Low rate on purpose: a picture a few hundred pixels wide needs no more, and fewer samples mean less main-thread work.
const WAVEFORM_SAMPLE_RATE = 8000;
const SAMPLES_PER_SLICE = 32_768;

/** Decoding runs off the main thread inside the browser's audio stack. */
export async function decodeSamples(blob: Blob): Promise<{ samples: Float32Array; duration: number }> {
  const context = new OfflineAudioContext(1, 1, WAVEFORM_SAMPLE_RATE);
  const buffer = await context.decodeAudioData(await blob.arrayBuffer());
  return { samples: buffer.getChannelData(0), duration: buffer.duration };
}

/**
 * Peak amplitude (0..1) per column, computed in slices with a yield between them so a five-minute
 * take never blocks the page for long.
 */
export async function computePeaks(samples: Float32Array, columns: number, signal?: AbortSignal): Promise<Float32Array> {
  const peaks = new Float32Array(columns);
  const perColumn = samples.length / columns;
  for (let start = 0; start < samples.length; start += SAMPLES_PER_SLICE) {
    const end = Math.min(samples.length, start + SAMPLES_PER_SLICE);
    for (let i = start; i < end; i++) {
      const column = Math.min(columns - 1, Math.floor(i / perColumn));
      const v = Math.abs(samples[i] ?? 0);
      if (v > (peaks[column] ?? 0)) peaks[column] = v;
    }
    if (end < samples.length) {
      await yieldToBrowser();
      if (signal?.aborted) throw new DOMException('Waveform cancelled', 'AbortError');
    }
  }
  return peaks;
}
