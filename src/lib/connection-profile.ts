import * as z from 'zod/mini';
import { channelSchema, userIdSchema } from '@/contract';

// Kept importable from here; the first screen imports them from ./connection (no zod).
export { connectionScope, LOCAL_GATEWAY_URL, toConnection, type Connection } from './connection';

/**
 * What the profile schema reports, by id. The English stays the schema's message (tests and logs
 * read it); Settings shows it in the operator's language through these ids (problem-text.ts).
 */
export const ProfileProblem = {
  urlRequired: 'Gateway URL is required',
  urlForm: 'Use /api (this server) or an absolute http(s):// URL',
  urlSlashes: 'A URL starting with // is ambiguous: write http:// or https://',
  urlQuery: 'The gateway URL must not carry a query string or fragment (tokens never go in URLs)',
  urlCredentials: 'The gateway URL must not carry a user name or password: put the token in the Token field',
  nameRequired: 'Profile name is required',
  nameTooLong: 'At most 40 characters',
  tokenSpaces: 'The token must not contain spaces',
  appSourceTooLong: 'At most 64 characters',
} as const;

export const gatewayUrlSchema = z.string().check(
  z.trim(),
  z.minLength(1, ProfileProblem.urlRequired),
  z.refine((v) => v.startsWith('/') || /^https?:\/\/[^/\s]+/i.test(v), ProfileProblem.urlForm),
  z.refine((v) => !v.startsWith('//'), ProfileProblem.urlSlashes),
  z.refine((v) => !/[?#]/.test(v), ProfileProblem.urlQuery),
  z.refine((v) => !/^[a-z]+:\/\/[^/]*@/i.test(v), ProfileProblem.urlCredentials),
);

export const connectionProfileSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string().check(z.trim(), z.minLength(1, ProfileProblem.nameRequired), z.maxLength(40, ProfileProblem.nameTooLong)),
  gatewayUrl: gatewayUrlSchema,
  token: z.string().check(
    z.trim(),
    z.refine((t) => !/\s/.test(t), ProfileProblem.tokenSpaces),
  ),
  rememberToken: z.boolean(),
  userId: userIdSchema,
  channel: channelSchema,
  appSource: z.string().check(z.trim(), z.maxLength(64, ProfileProblem.appSourceTooLong)),
});
export type ConnectionProfile = z.output<typeof connectionProfileSchema>;
