import * as z from 'zod/mini';

// The contract uses zod/mini: it is in the console's first-load bundle, and mini is a
// tenth of classic zod's size there. The schemas parse the same way on the server.

/** The envelope every answer of the service is wrapped in (section 2.1). */
export const envelopeSchema = z.object({
  code: z.number().check(z.int()),
  // A real gateway may leave message out or null it; the console shows '' then.
  message: z.pipe(
    z.nullish(z.string()),
    z.transform((m) => m ?? ''),
  ),
  data: z.unknown(),
});

type Envelope<T> = { code: number; message: string; data: T | null };

export function successEnvelope<T>(data: T, message = 'OK'): Envelope<T> {
  return { code: 0, message, data };
}

export function failureEnvelope(code: number, message: string): Envelope<never> {
  return { code, message, data: null };
}
