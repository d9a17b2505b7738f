/** 4× oversampling interpolator: a Kaiser-windowed sinc, 4 phases of 16 taps, cut at the original Nyquist. */
const PHASES = 4;
const TAPS_PER_PHASE = 16;
const interpolator = (() => {
  const n = PHASES * TAPS_PER_PHASE;
  const beta = 8;
  const bessel = (x: number) => {
    let sum = 1;
    let term = 1;
    for (let k = 1; k < 30; k++) {
      term *= (x / (2 * k)) ** 2;
      sum += term;
    }
    return sum;
  };
  const phases: Float64Array[] = Array.from({ length: PHASES }, () => new Float64Array(TAPS_PER_PHASE));
  const centre = (n - 1) / 2;
  for (let i = 0; i < n; i++) {
    const t = (i - centre) / PHASES;
    const sinc = t === 0 ? 1 : Math.sin(Math.PI * t) / (Math.PI * t);
    const w = bessel(beta * Math.sqrt(1 - ((2 * i) / (n - 1) - 1) ** 2)) / bessel(beta);
    phases[i % PHASES]![Math.floor(i / PHASES)] = sinc * w;
  }
  // Each phase sums to 1, so a constant signal keeps its level in every phase.
  for (const p of phases) {
    const sum = p.reduce((a, b) => a + b, 0);
    for (let i = 0; i < p.length; i++) p[i]! /= sum;
  }
  return phases;
})();

/**
 * Phase p's output at step i lies at time i − 7.875 + p/4 samples (the 64-tap filter's delay), so
 * step i's four values sit between samples i − 8 and i − 7.
 */
const DELAY = 8;

/**
 * Per sample, the largest magnitude of the signal oversampled 4× near it: the sample itself and
 * the interpolated values on both sides (up to one sample away). Its maximum is the true peak of
 * BS.1770-4 Annex 2; a gain at or under ceiling / envelope[n] around sample n keeps the true peak there.
 */
export function truePeakEnvelope(x: Float32Array): Float32Array {
  const between = new Float32Array(x.length + 1); // between[k]: the largest interpolated value between samples k − 1 and k
  for (const taps of interpolator) {
    for (let i = 0; i < x.length + TAPS_PER_PHASE; i++) {
      let sum = 0;
      for (let t = 0; t < TAPS_PER_PHASE; t++) {
        const at = i - t;
        if (at >= 0 && at < x.length) sum += taps[t]! * x[at]!;
      }
      // The filter's ringing before the first and after the last sample counts at the ends.
      const k = Math.min(x.length, Math.max(0, i - DELAY + 1));
      between[k] = Math.max(between[k]!, Math.abs(sum));
    }
  }
  const envelope = new Float32Array(x.length);
  for (let n = 0; n < x.length; n++) envelope[n] = Math.max(Math.abs(x[n]!), between[n]!, between[n + 1]!);
  return envelope;
}
