/**
 * Whether a URL's host (as `new URL()` writes it: IPv4 normalised to dotted decimal, IPv6 in
 * brackets and compressed) names this machine or its link: loopback (127/8, ::1, localhost and
 * *.localhost), "this host" (0/8, ::), link-local (169.254/16, fe80::/10, cloud metadata lives
 * there), IPv4-mapped IPv6 forms of those included. The literal host only: names are not resolved.
 */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host.startsWith('[') && host.endsWith(']')) return isLocalIpv6(host.slice(1, -1));
  return isLocalIpv4(host);
}

function isLocalIpv4(host: string): boolean {
  const parts = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(host);
  if (!parts) return false;
  const [a, b] = [Number(parts[1]), Number(parts[2])];
  return a === 127 || a === 0 || (a === 169 && b === 254);
}

function isLocalIpv6(host: string): boolean {
  if (host === '::1' || host === '::') return true;
  // fe80::/10: the first group is fe80 to febf.
  if (/^fe[89ab][0-9a-f]:/.test(host)) return true;
  // ::ffff:a.b.c.d, which URL writes as ::ffff:hhhh:hhhh.
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (!mapped) return false;
  const [high, low] = [parseInt(mapped[1]!, 16), parseInt(mapped[2]!, 16)];
  return isLocalIpv4(`${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`);
}
