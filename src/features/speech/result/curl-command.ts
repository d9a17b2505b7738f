import { HeaderName } from '@/contract';
import { buildHeaders, operationUrl } from '@/lib/api-client';
import type { Connection } from '@/lib/connection-profile';

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The request exactly as the console sent it, as a shell command; the token is a placeholder unless asked for. */
export function curlCommand(connection: Connection, body: unknown, { showToken = false, base = 'http://localhost/' } = {}): string {
  const url = new URL(operationUrl(connection.gatewayUrl, 'textToSpeech'), base).href;
  const headers = buildHeaders({ ...connection, token: connection.token || 'TOKEN' });
  if (!showToken) headers[HeaderName.authorization] = 'Bearer <token>';
  const lines = [
    `curl -X POST ${quote(url)}`,
    ...Object.entries(headers).map(([name, value]) => `-H ${quote(`${name}: ${value}`)}`),
    `--data-raw ${quote(JSON.stringify(body))}`,
  ];
  return lines.join(' \\\n  ');
}
