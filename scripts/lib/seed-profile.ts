/** A connection profile the console's own server accepts (gateway '/api', token 'dev-token'); "Local" by default. */
export function localProfile(userId: string, id = 'local', name = 'Local') {
  return {
    id,
    name,
    gatewayUrl: '/api',
    token: 'dev-token',
    rememberToken: true,
    userId,
    channel: '',
    appSource: '',
  };
}

/**
 * An init script (for page.addInitScript) that makes the local profile active, plus any further
 * localStorage entries (stored as JSON). A string, not a function: tsx's name helpers do not exist
 * inside the page. Only in a page served over http(s): Firefox runs init scripts in the first
 * about:blank too, where localStorage throws "The operation is insecure" (an error the page never made).
 */
export function seedProfileScript(userId: string, extra: Record<string, unknown> = {}): string {
  const entries = { 'console.connection.profiles': [localProfile(userId)], 'console.connection.active': 'local', ...extra };
  const writes = Object.entries(entries)
    .map(([key, value]) => `localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(JSON.stringify(value))});`)
    .join('\n');
  return `if (/^https?:$/.test(location.protocol)) {\n${writes}\n}`;
}
