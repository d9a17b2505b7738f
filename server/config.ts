import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('.data'),
  /** Built console served at /; `npm start` builds into it when it has no index.html. */
  DIST_DIR: z.string().min(1).default('dist'),
  GATEWAY_TOKENS: z
    .string()
    .default('dev-token')
    .transform((s) =>
      s
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    )
    .refine((list) => list.length > 0, 'GATEWAY_TOKENS must name at least one token'),
  STATUS_AUTH: z.enum(['optional', 'required']).default('optional'),
  GATEWAY_URL: z
    .string()
    .optional()
    .transform((s) => (s && s.trim() ? s.trim().replace(/\/+$/, '') : undefined))
    .refine((s) => s === undefined || /^https?:\/\/[^/]+/i.test(s), 'GATEWAY_URL must be an http(s) URL'),
});

export type ServerConfig = z.output<typeof envSchema>;

/** Parse the environment once at start-up; every bad value is listed, then we stop. */
export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid server configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
