import type { Context } from 'hono';
import { GatewayError, invalid } from './reply';

export const MAX_BODY_BYTES = 1024 * 1024;

/** Read the body as a JSON object, with a size cap; anything else is a 2001 (or 413 when too large). */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const declared = Number(c.req.header('Content-Length') ?? '0');
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  let bytes: ArrayBuffer;
  try {
    bytes = await c.req.arrayBuffer();
  } catch {
    throw invalid('the request body could not be read');
  }
  if (bytes.byteLength > MAX_BODY_BYTES) throw tooLarge();
  if (bytes.byteLength === 0) return {};
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalid('the request body is not valid UTF-8');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid('the request body is not valid JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalid('the request body must be a JSON object');
  }
  return value as Record<string, unknown>;
}

const tooLarge = () => new GatewayError(2001, `Invalid Parameter: the request body is larger than ${MAX_BODY_BYTES} bytes`, 413);
