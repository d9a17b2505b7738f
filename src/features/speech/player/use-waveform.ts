import { useEffect, useState } from 'react';
import { computePeaks, decodeSamples } from './waveform-peaks';

type WaveformState = { status: 'idle' | 'drawing' | 'ready' | 'failed'; peaks: Float32Array | null };

type Done = { blob: Blob; columns: number; status: 'ready' | 'failed'; peaks: Float32Array | null };

/** Peaks of a playable blob; recomputed when the blob or the width changes, abandoned when they change again. */
export function useWaveform(blob: Blob | null, columns: number): WaveformState {
  const [done, setDone] = useState<Done | null>(null);
  useEffect(() => {
    if (!blob || columns <= 0) return;
    const controller = new AbortController();
    performance.mark('speech-waveform-start');
    decodeSamples(blob)
      .then(({ samples }) => computePeaks(samples, columns, controller.signal))
      .then((peaks) => {
        if (!controller.signal.aborted) setDone({ blob, columns, status: 'ready', peaks });
      })
      .catch(() => {
        if (!controller.signal.aborted) setDone({ blob, columns, status: 'failed', peaks: null });
      });
    return () => controller.abort();
  }, [blob, columns]);
  if (!blob) return { status: 'idle', peaks: null };
  if (done?.blob !== blob || done.columns !== columns) return { status: 'drawing', peaks: null };
  return { status: done.status, peaks: done.peaks };
}
