import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from '@/lib/connection-profile';
import { GatewayRequestError } from '@/lib/gateway-error';
import { MARKUP_TEXT, UNSAFE_URLS } from '@/testing/hostile-gateway/hostile-cases';
import { startHostileGateway, type HostileGateway } from '@/testing/hostile-gateway/hostile-gateway';
import { renderAlert } from '@/testing/hostile-gateway/render-alert';
import { synthesizeSpeech } from './synthesize-speech';

// Operation B's client (fetch, capped read, envelope and contract checks, the audio URL check) against the same
// hostile gateway the browser journeys use, over real HTTP: the cases moved here from
// e2e/hostile-gateway-speech.spec.ts (docs/performance.md lists them); one browser journey per class stays there.

let gateway: HostileGateway;
beforeAll(async () => {
  gateway = await startHostileGateway();
});
afterAll(async () => gateway.close());

const connectionTo = (gatewayUrl: string): Connection => ({ gatewayUrl, token: 'dev-token', userId: '4242', channel: '', appSource: '' });
const synthesize = (gatewayUrl: string, sourceText = 'Hello from a hostile test.') =>
  synthesizeSpeech({ connection: connectionTo(gatewayUrl), request: { sourceText, voiceName: 'en-us' } });

/** The error a synthesis ends in (none: a take would be made), as the page's alert shows it. */
async function failedAlert(gatewayUrl: string, sourceText?: string) {
  const error = await synthesize(gatewayUrl, sourceText).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, 'a synthesis that should fail made a take').toBeInstanceOf(GatewayRequestError);
  return renderAlert(error);
}

const failing: [name: string, says: RegExp[]][] = [
  ['error-markup', [/code 99999/, /Gateway message:/]],
  ['task-id-number', [/Unexpected answer/, /breaks the contract \(taskId/]],
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

describe('synthesizeSpeech against a hostile gateway', () => {
  it.each(failing)('%s: one specific error, the gateway markup as text, no take', async (name, says) => {
    const alert = await failedAlert(gateway.caseUrl(name));
    for (const s of says) expect(alert.text).toMatch(s);
    if (name === 'error-markup') expect(alert.text).toContain(`Gateway message: ${MARKUP_TEXT}`);
    expect(alert.elementsFromMarkup).toBe(0);
  });

  it('extra fields (including __proto__) are ignored: the result holds the audio URL, no prototype polluted', async () => {
    const result = await synthesize(gateway.caseUrl('extra-fields'), 'Extra fields.');
    expect(result.targetAudioUrl).toBe(`${gateway.origin}/audio/ok.wav`);
    expect(Object.keys(result)).not.toContain('innerHTML');
    expect((Object.prototype as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it.each(UNSAFE_URLS.map((url, n) => [url, n] as const))('the unsafe audio URL %j is refused: no take', async (_url, n) => {
    const alert = await failedAlert(gateway.caseUrl('unsafe-urls'), String(n)); // the text picks UNSAFE_URLS[n]
    expect(alert.text).toMatch(/Unexpected answer/);
    expect(alert.text).toContain("The gateway's audio URL is not an absolute http(s) URL");
    expect(alert.elementsFromMarkup).toBe(0);
  });

  // The page keeping the last take under the error is the browser journey (huge there); here, that a hostile
  // answer between good ones fails only its own synthesis.
  it.each([
    ['html-502', /HTTP 502/],
    ['drop-mid-answer', /broke off/],
  ] as const)('%s between good takes fails only its own synthesis', async (name, says) => {
    const key = `unit-speech-${name}`;
    gateway.setSwitch(key, 'good');
    await expect(synthesize(gateway.switchUrl(key), 'First good take.')).resolves.toMatchObject({ targetAudioUrl: /\/audio\/ok\.wav$/ });
    gateway.setSwitch(key, name);
    expect((await failedAlert(gateway.switchUrl(key))).text).toMatch(says);
    gateway.setSwitch(key, 'good');
    await expect(synthesize(gateway.switchUrl(key), 'Second good take.')).resolves.toMatchObject({
      speeches: [{ text: 'Second good take.' }],
    });
  });
});
