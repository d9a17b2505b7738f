import * as z from 'zod/mini';
import { queryOptions } from '@tanstack/react-query';
import { envelopeSchema } from '@/contract';
import { LOCAL_GATEWAY_URL } from './connection-profile';

/** What this console's own server says about itself (not a gateway operation); read by the connection settings and the speech script queue. */
const consoleInfoSchema = z.object({
  mode: z.enum(['embedded', 'proxy']),
  emulator: z.optional(z.unknown()),
  defaultToken: z.nullish(z.string()),
  defaultUserId: z.nullish(z.pipe(z.union([z.string(), z.number()]), z.transform(String))),
  /** Embedded mode: syntheses one user may have in progress (SPEECH_QUEUE_PER_USER), the script queue's concurrency. */
  speechQueuePerUser: z.catch(z.optional(z.int().check(z.positive())), undefined),
});
export type ConsoleInfo = z.output<typeof consoleInfoSchema>;

const CONSOLE_INFO_URL = `${LOCAL_GATEWAY_URL}/_console/info`;

/** null when the server does not say (an older server, or a static host): the console then offers no shortcut. */
export async function getConsoleInfo(signal?: AbortSignal): Promise<ConsoleInfo | null> {
  try {
    const response = await fetch(CONSOLE_INFO_URL, { headers: { Accept: 'application/json' }, signal, credentials: 'omit' });
    if (!response.ok) return null;
    const envelope = envelopeSchema.safeParse(await response.json());
    if (!envelope.success || envelope.data.code !== 0) return null;
    const info = consoleInfoSchema.safeParse(envelope.data.data);
    return info.success ? info.data : null;
  } catch {
    return null;
  }
}

export const consoleInfoQueryOptions = () =>
  queryOptions({ queryKey: ['console-info'], queryFn: ({ signal }) => getConsoleInfo(signal), staleTime: Infinity });
