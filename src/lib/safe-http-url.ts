/**
 * The URL if it is an absolute http(s) URL, else null. Anything else from a gateway (javascript:,
 * data:, vbscript:, file:, a protocol-relative //host, junk) is never fetched, played or linked.
 */
export function safeHttpUrl(url: string): string | null {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
