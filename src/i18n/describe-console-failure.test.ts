import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from './i18n-store';
import { describeError } from './describe-error';
import { GatewayRequestError } from '@/lib/gateway-error';

// Issue 39: the console's server's own failures in the operator's words, with advice that fits
// the case: unreachable is "could not reach"; an HTML answer is "it answered, but not the API's JSON".
const proxy = (reason: string, values: Record<string, string>, message = 'Gateway unreachable: …') =>
  new GatewayRequestError({
    operation: 'taskStatus',
    kind: 'proxy',
    httpStatus: 502,
    message,
    consoleFailure: { reason, values } as GatewayRequestError['consoleFailure'] & object,
  });
const html502 = proxy('notJson', { status: '502', contentType: 'text/html' });
const reset = proxy('unreachable', { error: 'ECONNRESET socket hang up' });

describe("describeError: the console's server's own failures", () => {
  afterEach(() => act(() => setLocale('en')));

  it('an HTML answer: the gateway answered, but not with JSON; check GATEWAY_URL or a proxy in between', () => {
    const d = describeError(html502);
    expect(d.title).toBe('The gateway answered, but not with the API’s JSON');
    expect(d.detail).toBe('The gateway answered HTTP 502 with text/html instead of JSON, so the console’s server did not pass it on.');
    expect(d.nextStep).toMatch(/GATEWAY_URL/);
    expect(d.nextStep).toMatch(/proxy/);
    expect(`${d.title} ${d.nextStep}`).not.toMatch(/unreachable|could not reach/i);
  });

  it('a connection that failed: could not reach, with the system error as it came', () => {
    const d = describeError(reset);
    expect(d.title).toBe('The console’s server could not reach the gateway');
    expect(d.detail).toBe('The connection from the console’s server to the gateway failed (ECONNRESET socket hang up).');
  });

  it('in Chinese: every sentence Chinese, the system error kept as it came', async () => {
    await act(() => setLocale('zh-CN'));
    const d = describeError(html502);
    expect(d.title).toBe('网关有应答，但不是接口的 JSON');
    expect(d.detail).toBe('网关以 text/html 应答了 HTTP 502，而不是 JSON，因此控制台服务器没有转发。');
    expect(d.nextStep).toMatch(/GATEWAY_URL/);
    const r = describeError(reset);
    expect(r.title).toBe('控制台服务器无法连接网关');
    expect(r.detail).toBe('控制台服务器到网关的连接失败（ECONNRESET socket hang up）。');
    // No English sentence once the system error (passed through as it came) is left out.
    for (const said of [d, r]) {
      const words = `${said.title}${said.detail}${said.nextStep}`.replace('ECONNRESET socket hang up', '');
      expect(words).not.toMatch(/[A-Za-z]{3,} [a-z]{3,} [a-z]{3,}/);
    }
  });

  // Refused by the server before the request reached /api (server/refusals.ts): the console's words, fitting advice.
  it('a refusal before /api: timed out, headers too large, not read as HTTP; in English and Chinese', async () => {
    const slow = describeError(proxy('requestTimeout', {}, 'Request Timeout: the request was not received in time'));
    expect(slow.title).toBe('The console’s server stopped waiting for the request');
    expect(slow.nextStep).toMatch(/^Send it again/);
    const big = describeError(proxy('headersTooLarge', { kib: '16' }, 'Request Header Fields Too Large: …'));
    expect(big.detail).toBe(
      'The request’s line and headers are larger than 16 KB, the most the console’s server reads, so it refused the request.',
    );
    expect(big.nextStep).toMatch(/cookies/);
    const odd = describeError(proxy('requestMalformed', { status: '417' }, 'Expectation Failed: …'));
    expect(odd.detail).toBe('The console’s server could not read the request as HTTP it serves (HTTP 417), so it did not pass it on.');
    await act(() => setLocale('zh-CN'));
    expect(describeError(proxy('requestTimeout', {})).title).toBe('控制台服务器没有等到完整的请求');
    const zhBig = describeError(proxy('headersTooLarge', { kib: '16' }));
    expect(zhBig.detail).toBe('请求行和请求头超过 16 KB（控制台服务器读取的上限），因此请求被拒绝。');
    expect(zhBig.nextStep).toMatch(/Cookie/);
    expect(describeError(proxy('requestMalformed', { status: '400' })).detail).toBe(
      '控制台服务器无法按其支持的 HTTP 读取该请求（HTTP 400），因此没有转发。',
    );
  });
});
