import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A relay ticket: HMAC-SHA256 over (expiry, audio URL) with the console's secret (CONSOLE_SECRET,
 * or the one kept in DATA_DIR), so any console server sharing the secret serves the audio a speech
 * answer carried through any other, and a restart keeps serving it. The ticket names only the URL
 * and when it stops: never a token, a user or the caller.
 */
export type AudioTicket = { /** Unix seconds. */ exp: number; /** base64url of the HMAC. */ sig: string };
export type TicketCheck = 'valid' | 'invalid' | 'expired';

type AudioTicketOptions = { secret: string; ttlMs: number; now?: () => number };

/**
 * 32 bytes of HMAC-SHA256 in base64url, as issue() writes them: 43 characters, the last carrying 4 bits and
 * two zero bits. Another last character can decode to the same bytes; only this one spelling is taken.
 */
const CANONICAL_SIG = /^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/;

export function createAudioTickets({ secret, ttlMs, now = Date.now }: AudioTicketOptions) {
  const mac = (url: string, exp: number) => createHmac('sha256', secret).update(`${exp}\n${url}`).digest();

  function issue(url: string): AudioTicket {
    const exp = Math.floor((now() + ttlMs) / 1000);
    return { exp, sig: mac(url, exp).toString('base64url') };
  }

  /** Signature first, in constant time; only a ticket this secret signed is judged on its expiry. */
  function verify(url: string, exp: string, sig: string): TicketCheck {
    if (!/^\d{1,12}$/.test(exp) || !CANONICAL_SIG.test(sig)) return 'invalid';
    const given = Buffer.from(sig, 'base64url');
    const expected = mac(url, Number(exp));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    return Number(exp) * 1000 < now() ? 'expired' : 'valid';
  }

  return { issue, verify };
}
