import { expect, test, type Page } from '@playwright/test';
import { MARKUP } from '../src/testing/hostile-gateway/hostile-cases';
import { startHostileGateway, type HostileGateway } from '../src/testing/hostile-gateway/hostile-gateway';
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

// One browser journey per class of hostility; the rest of the matrix runs against the same hostile gateway in
// src/features/speech/take/synthesize-speech-hostile.test.ts (docs/performance.md, "The hostile-gateway matrix").
/** A contract break, and a gateway that cannot be reached. */
const failing: [name: string, says: RegExp[]][] = [
  ['audio-url-number', [/Unexpected answer/, /breaks the contract \(targetAudioUrl/]],
  [
    'drop-before-answer',
    [/Gateway unreachable/, /Could not reach http:\/\/127\.0\.0\.1:\d+\/case\/drop-before-answer\/speechSynthesis\/textToSpeech/],
  ],
];

for (const [name, says] of failing) {
  test(`${name}: a specific error, the gateway's markup as text, nothing kept, nothing runs`, async ({ page }) => {
    const watch = await openWithGateway(page, gateway.caseUrl(name), { path: '/speech' });
    await fillAndSynthesize(page, { text: 'Hello from a hostile test.' });
    const alert = page.getByRole('alert').filter({ hasText: says[0]! });
    await expect(alert).toBeVisible();
    for (const s of says) await expect(alert).toContainText(s);
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

for (const [name, says] of [['huge', /too large/]] as const) {
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
