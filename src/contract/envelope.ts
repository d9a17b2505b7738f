import { z } from 'zod';

/** The envelope every answer of the service is wrapped in (section 2.1). */
export const envelopeSchema = z.object({
  code: z.number().int(),
  // A real gateway may leave message out or null it; the console shows '' then.
  message: z.string().nullish().transform((m) => m ?? ''),
  data: z.unknown(),
});

export type Envelope<T> = { code: number; message: string; data: T | null };

export function successEnvelope<T>(data: T, message = 'OK'): Envelope<T> {
  return { code: 0, message, data };
}

export function failureEnvelope(code: number, message: string): Envelope<never> {
  return { code, message, data: null };
}
