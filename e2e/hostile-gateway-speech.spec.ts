import { expect, test, type Page } from '@playwright/test';
import { MARKUP, MARKUP_TEXT, UNSAFE_URLS } from './hostile-cases';
import { startHostileGateway, type HostileGateway } from './hostile-gateway';
import { expectNoUnsafeUrls, expectNothingRan, openWithGateway } from './hostile-helpers';
import { fillAndSynthesize, resultAudio } from './speech-helpers';

// The CSP alone would stop injected script; bypass it so these tests prove the console's own
// rendering keeps gateway content inert (e2e/security.spec.ts covers the CSP itself).
test.use({ bypassCSP: true });

let gateway: HostileGateway;
test.beforeAll(async () => {
  gateway = await startHostileGateway();
});
test.afterAll(async () => gateway.close());

const result = (page: Page) => page.getByRole('region', { name: 'Result' });
const history = (page: Page) => page.getByRole('region', { name: 'History' });

/** Nothing from a bad answer was kept: no take in the player, none in history; the result panel says why instead. */
async function expectNoTake(page: Page): Promise<void> {
  await expect(result(page).getByRole('alert')).toBeVisible();
  await expect(result(page)).not.toContainText('Synthesize some text');
  await expect(history(page)).toContainText('0 takes');
  await expect(page.locator('audio')).toHaveCount(0);
}

const failing: [name: string, says: RegExp[]][] = [
  ['error-markup', [/code 99999/, /Gateway message:/]],
  ['task-id-number', [/Unexpected answer/, /breaks the contract \(taskId/]],
  ['audio-url-number', [/Unexpected answer/, /breaks the contract \(targetAudioUrl/]],
  ['speeches-string', [/Unexpected answer/, /breaks the contract \(speeches/]],
  ['data-string', [/Unexpected answer/, /breaks the contract \(data/]],
  ['data-null', [/Unexpected answer/, /breaks the contract \(data/]],
  ['code-string', [/Not a gateway/, /not a gateway envelope with code, message and data/]],
  ['not-json', [/Not a gateway/, /not valid JSON/]],
  ['empty', [/Not a gateway/, /was empty/]],
  ['html-200', [/Not a gateway/, /HTTP 200\) was an HTML page/]],
  ['html-429', [/Too many requests/, /HTTP 429/, /was an HTML page/]],
  ['html-500', [/HTTP 500 from the gateway/, /was an HTML page/]],
  ['html-502', [/HTTP 502 from the gateway/, /was an HTML page/]],
  ['huge', [/The answer is too large/, /more than 2 MiB/]],
  ['huge-declared', [/The answer is too large/, /more than 2 MiB/]],
  [
    'drop-before-answer',
    [/Gateway unreachable/, /Could not reach http:\/\/127\.0\.0\.1:\d+\/case\/drop-before-answer\/speechSynthesis\/textToSpeech/],
  ],
  ['drop-mid-answer', [/The connection broke off mid-answer/, /broke off while the answer was being read/]],
];

for (const [name, says] of failing) {
  test(`${name}: a specific error, the gateway's markup as text, nothing kept, nothing runs`, async ({ page }) => {
    const watch = await openWithGateway(page, gateway.caseUrl(name), { path: '/speech' });
    await fillAndSynthesize(page, { text: 'Hello from a hostile test.' });
    const alert = page.getByRole('alert').filter({ hasText: says[0]! });
    await expect(alert).toBeVisible();
    for (const s of says) await expect(alert).toContainText(s);
    if (name === 'error-markup') await expect(alert).toContainText(`Gateway message: ${MARKUP_TEXT}`);
    await expectNoTake(page);
    await expectNothingRan(page, watch);
    await expectNoUnsafeUrls(page);
  });
}

test('markup in task ID, languages, user ID and segments (known and unknown shapes) is shown as text; nothing runs', async ({ page }) => {
  const watch = await openWithGateway(page, gateway.caseUrl('markup'), { path: '/speech' });
  await fillAndSynthesize(page, { text: 'Markup everywhere.' });
  const details = result(page);
  await expect(details.getByText(`Service_AI_${MARKUP[1]}`, { exact: true })).toBeVisible();
  await expect(details.getByText(MARKUP[0], { exact: true }).first()).toBeVisible(); // detected source language
  await expect(details.getByText(MARKUP[2], { exact: true }).first()).toBeVisible(); // target language (and an unknown segment's value)
  await expect(details.getByText(MARKUP[3], { exact: true }).first()).toBeVisible(); // user ID (and a bare string segment)
  const segments = page.getByRole('region', { name: /Segments/ });
  await expect(segments.getByRole('button', { name: new RegExp(MARKUP[1].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toBeVisible();
  await expect(segments.getByText(MARKUP[4], { exact: true })).toBeVisible();
  await expect(history(page)).toContainText(`Service_AI_${MARKUP[1]}`);
  await expect(resultAudio(page)).toHaveAttribute('src', /^blob:/);
  await expectNothingRan(page, watch);
  await expectNoUnsafeUrls(page);
});

test('extra fields (including __proto__) are ignored: the take plays, no prototype polluted', async ({ page }) => {
  const watch = await openWithGateway(page, gateway.caseUrl('extra-fields'), { path: '/speech' });
  await fillAndSynthesize(page, { text: 'Extra fields.' });
  await expect(resultAudio(page)).toHaveAttribute('src', /^blob:/);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expectNothingRan(page, watch);
});

test('unsafe audio URLs (javascript:, data:, vbscript:, //host, file:) are refused: no take, no link, no audio source', async ({
  page,
}) => {
  const watch = await openWithGateway(page, gateway.caseUrl('unsafe-urls'), { path: '/speech' });
  for (let n = 0; n < UNSAFE_URLS.length; n++) {
    await fillAndSynthesize(page, { text: String(n) }); // the text picks UNSAFE_URLS[n]
    const alert = page.getByRole('alert').filter({ hasText: 'Unexpected answer' });
    await expect(alert).toContainText("The gateway's audio URL is not an absolute http(s) URL");
    await expectNoTake(page);
    await expect(page.getByRole('link', { name: /audio/i })).toHaveCount(0);
    await expectNoUnsafeUrls(page);
  }
  await expectNothingRan(page, watch);
});

test('a 30-second stall ends in a timeout error (the page clock runs the 60 s synthesis timeout out)', async ({ page }) => {
  await page.clock.install();
  const asked = gateway.requested('stall', 'textToSpeech');
  const watch = await openWithGateway(page, gateway.caseUrl('stall'), { path: '/speech' });
  await fillAndSynthesize(page, { text: 'Waiting for nothing.' });
  await asked;
  await page.clock.fastForward('01:01');
  const alert = page.getByRole('alert').filter({ hasText: 'The gateway did not answer in time' });
  await expect(alert).toContainText('No answer within 60 s');
  await expect(alert.getByRole('button', { name: 'Try again' })).toBeVisible();
  await expectNoTake(page);
  await expectNothingRan(page, watch);
});

for (const [name, says] of [
  ['html-502', /HTTP 502/],
  ['drop-mid-answer', /broke off/],
  ['huge', /too large/],
] as const) {
  test(`${name} after a good take: the take stays in the player; the next synthesis works again`, async ({ page }) => {
    const key = `speech-${name}`;
    gateway.setSwitch(key, 'good');
    const watch = await openWithGateway(page, gateway.switchUrl(key), { path: '/speech' });
    await fillAndSynthesize(page, { text: 'First good take.' });
    await expect(resultAudio(page)).toHaveAttribute('src', /^blob:/);
    await expect(history(page)).toContainText('1 take');

    gateway.setSwitch(key, name);
    await fillAndSynthesize(page, { text: 'This one meets a hostile gateway.' });
    await expect(page.getByRole('alert').filter({ hasText: says })).toBeVisible();
    await expect(result(page)).toContainText('First good take.');
    await expect(resultAudio(page)).toHaveAttribute('src', /^blob:/);
    await expect(history(page)).toContainText('1 take');

    gateway.setSwitch(key, 'good');
    await fillAndSynthesize(page, { text: 'Second good take.' });
    await expect(result(page)).toContainText('Second good take.');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(history(page)).toContainText('2 takes');
    await expectNothingRan(page, watch);
    await expectNoUnsafeUrls(page);
  });
}
