/**
 * The group a client address is counted in for per-address bounds: an IPv4 address itself (an
 * IPv4-mapped IPv6 address as IPv4), an IPv6 address by its /64, which one host or one home
 * line usually holds whole (one address each would give such a client 2^64 budgets).
 */
export function addressGroup(address: string | undefined): string {
  if (address === undefined) return 'unknown';
  const bare = address.split('%')[0] ?? address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return mapped[1] as string;
  if (!bare.includes(':')) return bare;
  const [head = '', tail] = bare.toLowerCase().split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])));
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const whole = [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${whole
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
