import * as z from 'zod/mini';
import { channelSchema, userIdSchema } from '@/contract';

// Kept importable from here; the first screen imports them from ./connection (no zod).
export { connectionScope, LOCAL_GATEWAY_URL, toConnection, type Connection } from './connection';

export const gatewayUrlSchema = z.string().check(
  z.trim(),
  z.minLength(1, 'Gateway URL is required'),
  z.refine((v) => v.startsWith('/') || /^https?:\/\/[^/\s]+/i.test(v), 'Use /api (this server) or an absolute http(s):// URL'),
  z.refine((v) => !v.startsWith('//'), 'A URL starting with // is ambiguous: write http:// or https://'),
  z.refine((v) => !/[?#]/.test(v), 'The gateway URL must not carry a query string or fragment (tokens never go in URLs)'),
  z.refine(
    (v) => !/^[a-z]+:\/\/[^/]*@/i.test(v),
    'The gateway URL must not carry a user name or password: put the token in the Token field',
  ),
);

export const connectionProfileSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string().check(z.trim(), z.minLength(1, 'Profile name is required'), z.maxLength(40, 'At most 40 characters')),
  gatewayUrl: gatewayUrlSchema,
  token: z.string().check(
    z.trim(),
    z.refine((t) => !/\s/.test(t), 'The token must not contain spaces'),
  ),
  rememberToken: z.boolean(),
  userId: userIdSchema,
  channel: channelSchema,
  appSource: z.string().check(z.trim(), z.maxLength(64, 'At most 64 characters')),
});
export type ConnectionProfile = z.output<typeof connectionProfileSchema>;
