const PRECOMPRESSED = ['br', 'gzip'] as const;

/**
 * The precompressed encodings an Accept-Encoding header accepts, as the bare list serveStatic
 * understands ("br, gzip"). serveStatic matches whole items, so "gzip;q=1" counted as refusing gzip;
 * q=0 refuses, "*" accepts what is not named. null: the header needs no rewriting.
 */
export function precompressedEncodings(header: string | undefined): string | null {
  if (header === undefined || !header.includes(';')) return null;
  const weights = new Map<string, number>();
  for (const item of header.split(',')) {
    const [name = '', ...params] = item.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const star = weights.get('*') ?? 0;
  return PRECOMPRESSED.filter((e) => (weights.get(e) ?? star) > 0).join(', ');
}
