/** Shortest CONSOLE_SECRET (and kept secret) accepted: 32 characters, e.g. `openssl rand -hex 32` gives 64. */
const MIN_SECRET_CHARS = 32;
/** Least estimated strength accepted. `openssl rand -hex 16` (32 characters) estimates at 89 bits or more. */
const MIN_SECRET_BITS = 64;

/** How to make a good one, said wherever a secret is refused. */
export const MAKE_A_SECRET =
  "make one with `openssl rand -hex 32` or `node -e \"console.log(require('node:crypto').randomBytes(32).toString('hex'))\"`";

/**
 * Why a secret (already trimmed) is plainly weak, or null when it is not. The rule, in order:
 * - not whitespace only, and at least 32 characters;
 * - not one piece repeated (`password` × 4, `ab` × 16);
 * - an estimated strength of at least 64 bits: its length times the Shannon entropy of how often
 *   each character appears, and the same for the steps between neighbouring characters (so
 *   `zzzz…` and `abcd…` estimate near 0). The lower of the two counts.
 * A random secret of 32 characters or more passes with a wide margin; a memorable phrase may pass
 * too, since no count of characters can tell it from a random one. Never names the secret.
 */
export function secretWeakness(secret: string): string | null {
  if (secret.trim() === '') return 'is only whitespace';
  const points = Array.from(secret, (c) => c.codePointAt(0)!);
  if (points.length < MIN_SECRET_CHARS) return `must be at least ${MIN_SECRET_CHARS} characters`;
  if (repeatsAPiece(points)) return 'is one short piece repeated';
  const steps = points.slice(1).map((p, i) => p - points[i]!);
  const bits = Math.min(entropyBits(points), entropyBits(steps));
  if (bits < MIN_SECRET_BITS) return `has too little variety (an estimated strength under ${MIN_SECRET_BITS} bits)`;
  return null;
}

/** Whether the sequence is a shorter piece repeated over its whole length (the last time possibly cut). */
function repeatsAPiece(points: readonly number[]): boolean {
  for (let period = 1; period <= points.length / 2; period++) {
    let i = period;
    while (i < points.length && points[i] === points[i - period]) i++;
    if (i === points.length) return true;
  }
  return false;
}

/** The length times the Shannon entropy of the values' frequencies: bits, as if each were drawn alone. */
function entropyBits(values: readonly number[]): number {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let bits = 0;
  for (const n of counts.values()) bits -= n * Math.log2(n / values.length);
  return bits;
}
