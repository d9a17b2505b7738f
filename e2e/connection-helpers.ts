import { expect, type APIRequestContext, type Page } from '@playwright/test';

type ConsoleInfo = { mode: string; defaultToken?: string; defaultUserId: string };

export async function consoleInfo(request: APIRequestContext): Promise<ConsoleInfo> {
  const response = await request.get('/api/_console/info');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: ConsoleInfo }).data;
}

/** Every URL the page asks for, to prove a token never travels in one. */
export function recordRequestUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  return urls;
}

export const indicatorState = (page: Page) => page.getByRole('banner').getByRole('status');

export async function useLocalGateway(page: Page): Promise<void> {
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Use the local gateway' }).click();
  // Its check is a status query: the gateway and user ID work; the token is checked by a synthesis.
  await expect(indicatorState(page)).toHaveText('Reachable');
}

export async function storageDump(page: Page): Promise<{ local: string; session: string }> {
  return page.evaluate(() => {
    const dump = (s: Storage) => JSON.stringify(Object.fromEntries(Object.keys(s).map((k) => [k, s.getItem(k)])));
    return { local: dump(window.localStorage), session: dump(window.sessionStorage) };
  });
}

/**
 * A profile for `gatewayUrl` (token dev-token, user 4242), active and remembered, plus any further
 * localStorage entries (stored as JSON), before any page script runs.
 */
export async function seedGatewayProfile(
  page: Page,
  gatewayUrl: string,
  { id, name }: { id: string; name: string },
  extra: Record<string, unknown> = {},
): Promise<void> {
  await page.addInitScript(
    ([url, profileId, profileName, entries]) => {
      const profile = {
        id: profileId,
        name: profileName,
        gatewayUrl: url,
        token: 'dev-token',
        rememberToken: true,
        userId: '4242',
        channel: '',
        appSource: '',
      };
      localStorage.setItem('console.connection.profiles', JSON.stringify([profile]));
      localStorage.setItem('console.connection.active', JSON.stringify(profileId));
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, JSON.stringify(value));
    },
    [gatewayUrl, id, name, extra] as const,
  );
}
