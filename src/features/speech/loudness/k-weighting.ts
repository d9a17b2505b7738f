/** A biquad's coefficients, a0 normalised to 1. */
export type Biquad = { b0: number; b1: number; b2: number; a1: number; a2: number };

/**
 * The two K-weighting stages of ITU-R BS.1770-4 at any sample rate: the high shelf (+4 dB above
 * about 1.7 kHz, the head's effect) and the RLB high pass (about 38 Hz). The recommendation lists
 * coefficients at 48 kHz only; these are its analogue prototypes (as libebur128 and pyloudnorm
 * derive them), which reproduce the 48 kHz table.
 */
export function kWeighting(sampleRate: number): [Biquad, Biquad] {
  const shelfF0 = 1681.974450955533;
  const shelfGainDb = 3.999843853973347;
  const shelfQ = 0.7071752369554196;
  let k = Math.tan((Math.PI * shelfF0) / sampleRate);
  const vh = 10 ** (shelfGainDb / 20);
  const vb = vh ** 0.4996667741545416;
  let a0 = 1 + k / shelfQ + k * k;
  const shelf: Biquad = {
    b0: (vh + (vb * k) / shelfQ + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / shelfQ + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / shelfQ + k * k) / a0,
  };
  const passF0 = 38.13547087602444;
  const passQ = 0.5003270373238773;
  k = Math.tan((Math.PI * passF0) / sampleRate);
  a0 = 1 + k / passQ + k * k;
  const pass: Biquad = { b0: 1, b1: -2, b2: 1, a1: (2 * (k * k - 1)) / a0, a2: (1 - k / passQ + k * k) / a0 };
  return [shelf, pass];
}

/** The samples through both stages (direct form I, in double precision). */
export function kWeighted(samples: Float32Array, sampleRate: number): Float64Array {
  const out = new Float64Array(samples.length);
  let input: ArrayLike<number> = samples;
  for (const f of kWeighting(sampleRate)) {
    let x1 = 0;
    let x2 = 0;
    let y1 = 0;
    let y2 = 0;
    for (let i = 0; i < input.length; i++) {
      const x = input[i]!;
      const y = f.b0 * x + f.b1 * x1 + f.b2 * x2 - f.a1 * y1 - f.a2 * y2;
      x2 = x1;
      x1 = x;
      y2 = y1;
      y1 = y;
      out[i] = y;
    }
    input = out;
  }
  return out;
}
