import type * as z from 'zod/mini';
import { ErrorCode, ErrorMessage } from '#contract';
import { GatewayError } from './reply';

type Issue = z.core.$ZodIssue;
type Result<T> = { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
/** A zod schema, classic or mini; an object's keys give the order in which problems are reported. */
type BodySchema<T> = { shape?: object; safeParse(body: unknown): Result<T> };

/**
 * The one way a route reads its body: parse with the schema, or throw the first problem (in the
 * schema's field order, the order the rules are listed in) as 2000 when a required thing is
 * missing, else 2001, with a message that names the field.
 */
export function validateBody<T>(schema: BodySchema<T>, body: Record<string, unknown>): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw gatewayErrorOf(result.error.issues, body, Object.keys(schema.shape ?? {}));
}

/** JSON null counts as absent on the service's operations, as in the Java-style original. */
export function withoutNulls(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== null));
}

export function gatewayErrorOf(issues: readonly Issue[], body: Record<string, unknown>, fieldOrder: readonly string[]): GatewayError {
  const rank = (issue: Issue) => {
    const at = fieldOrder.indexOf(String(issue.path[0]));
    return at < 0 ? fieldOrder.length : at;
  };
  const issue = [...issues].sort((a, b) => rank(a) - rank(b))[0];
  if (!issue) return new GatewayError(ErrorCode.invalidParameter, ErrorMessage.invalidParameter);
  const field = issue.path.join('.') || 'body';
  const params = issue.code === 'custom' ? (issue.params ?? {}) : {};
  if (params.verbatim) return new GatewayError(ErrorCode.invalidParameter, issue.message);
  const missing = params.missing !== undefined || (issue.code === 'invalid_type' && issue.path.length === 1 && body[field] === undefined);
  if (missing) {
    const what = typeof params.missing === 'string' ? params.missing : field;
    return new GatewayError(ErrorCode.missingParameter, `${ErrorMessage.missingParameter}: ${what}`);
  }
  return new GatewayError(ErrorCode.invalidParameter, `${ErrorMessage.invalidParameter}: ${describeIssue(issue, field)}`);
}

function describeIssue(issue: Issue, field: string): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'int' ? `${field} must be a whole number` : `${field} must be a ${issue.expected}`;
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1
        ? `${field} must not be empty`
        : `${field} must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return `${field} must be at most ${String(issue.maximum)}`;
    case 'invalid_value':
      return `${field} must be one of ${issue.values.map(String).join(', ')}`;
    case 'custom':
      return issue.message;
    default:
      return `${field} is not valid`;
  }
}
