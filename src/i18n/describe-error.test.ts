import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from './i18n-store';
import { describeError } from './describe-error';
import { parameterIn } from './describe-error-code';
import { GatewayRequestError, type GatewayErrorKind } from '@/lib/gateway-error';
import { ForeignScriptError } from '@/lib/script-url';

const envelope = (code: number, message: string, httpStatus = 200, operation: 'taskStatus' | 'textToSpeech' = 'textToSpeech') =>
  new GatewayRequestError({ operation, kind: 'envelope', code, httpStatus, message });
const ofKind = (kind: GatewayErrorKind, extra: Partial<{ httpStatus: number; crossOrigin: boolean }> = {}) =>
  new GatewayRequestError({ operation: 'taskStatus', kind, message: 'm', ...extra });

describe('describeError: envelope codes', () => {
  it('2000 says which parameter is missing', () => {
    const d = describeError(envelope(2000, 'Missing Parameter: X-User-Id header', 200, 'taskStatus'));
    expect(d.title).toBe('Missing parameter: X-User-Id');
    expect(d.nextStep).toMatch(/user ID in Settings/);
    expect(describeError(envelope(2000, 'Missing Parameter: sourceText')).title).toBe('Missing parameter: sourceText');
  });

  it('2001 says which parameter is invalid when the message names it', () => {
    expect(describeError(envelope(2001, 'Invalid Parameter: X-User-Id must be numeric')).title).toBe('Invalid parameter: X-User-Id');
    expect(describeError(envelope(2001, 'Invalid Parameter: speedFactor must be in [0.5, 2]')).title).toBe(
      'Invalid parameter: speedFactor',
    );
    expect(describeError(envelope(2001, 'taskId and taskIds cannot both be empty')).title).toBe('Invalid parameter: taskId / taskIds');
    const bare = describeError(envelope(2001, 'Invalid Parameter'));
    expect(bare.title).toBe('Invalid parameter');
    expect(bare.detail).toBe('Invalid Parameter');
  });

  it('10091 and 2107 in the operator’s words', () => {
    expect(describeError(envelope(10091, 'insufficient points')).title).toBe('Not enough points');
    expect(describeError(envelope(2107, 'voice synthesis failed')).title).toBe('Synthesis failed — try again');
  });

  it('a rejected token, by HTTP status or code', () => {
    expect(describeError(envelope(401, 'Unauthorized: the token was not accepted', 401)).title).toBe('Token rejected');
    expect(describeError(envelope(40100, 'token expired', 403)).title).toBe('Token rejected');
  });

  it("names the embedded gateway's busy (429) and storage (507) refusals", () => {
    const busy = describeError(envelope(429, 'Busy: user 7 already has 2 syntheses in progress', 429));
    expect(busy.title).toBe('Gateway busy — try again shortly');
    expect(busy.detail).toMatch(/already has 2 syntheses/);
    expect(describeError(envelope(507, 'Insufficient Storage: disk full', 507)).title).toBe('The gateway could not save (disk full)');
  });

  it('falls back for codes the spec does not list, keeping the gateway message', () => {
    const d = describeError(envelope(7777, 'quota window closed'));
    expect(d.title).toBe('Speech synthesis failed (code 7777)');
    expect(d.detail).toBe('quota window closed');
    expect(describeError(envelope(7777, '')).detail).toBe('No message from the gateway');
  });
});

describe('describeError: transport failures', () => {
  it('gives a CORS hint with GATEWAY_URL only for another origin', () => {
    expect(describeError(ofKind('network', { crossOrigin: true })).nextStep).toMatch(/CORS.*GATEWAY_URL/);
    expect(describeError(ofKind('network')).nextStep).not.toMatch(/CORS/);
  });

  it('names each kind', () => {
    expect(describeError(ofKind('timeout')).title).toMatch(/did not answer in time/);
    expect(describeError(ofKind('not-gateway')).title).toBe('Not a gateway');
    expect(describeError(ofKind('invalid-json')).title).toBe('Not a gateway');
    expect(describeError(ofKind('contract')).title).toBe('Unexpected answer');
    expect(describeError(ofKind('too-large')).title).toBe('The answer is too large');
    expect(describeError(ofKind('dropped')).title).toBe('The connection broke off mid-answer');
    expect(describeError(ofKind('http', { httpStatus: 401 })).title).toBe('Token rejected');
    expect(describeError(ofKind('http', { httpStatus: 502 })).title).toBe('HTTP 502 from the gateway');
    expect(describeError(ofKind('settings')).nextStep).toMatch(/Settings/);
    expect(describeError(new Error('boom'))).toEqual({ title: 'Something went wrong', detail: 'boom', nextStep: 'Try again.' });
  });
});

describe('describeError: the console’s own failures', () => {
  it('says to reload when a chunk of the console’s code could not be fetched, and to try again otherwise', () => {
    const chunk = describeError(new TypeError('Failed to fetch dynamically imported module: https://console.test/assets/check-now-x.js'));
    expect(chunk.nextStep).toMatch(/Reload the page/);
    expect(chunk.detail).toContain('check-now-x.js');
    expect(describeError(new TypeError('Importing a module script failed.')).nextStep).toMatch(/Reload the page/);
    expect(describeError(new Error('clipboard denied')).nextStep).toBe('Try again.');
  });

  it('words a refused worker script (script-url.ts throws only its origin) in the operator language', async () => {
    expect(describeError(new ForeignScriptError('https://evil.example')).detail).toBe(
      'https://evil.example is not one of the console’s own scripts: workers start only from its own files.',
    );
    await act(() => setLocale('zh-CN'));
    expect(describeError(new ForeignScriptError('https://evil.example')).detail).toMatch(/^https:\/\/evil\.example 不是控制台自己的脚本/);
    await act(() => setLocale('en'));
  });
});

describe('parameterIn', () => {
  it('does not mistake taskIds for taskId or a word inside another', () => {
    expect(parameterIn('taskIds must be an array of strings')).toBe('taskIds');
    expect(parameterIn('taskId must be a string')).toBe('taskId');
    expect(parameterIn('the formatting is odd')).toBeUndefined();
  });
});

describe('describeError in Chinese', () => {
  afterEach(() => act(() => setLocale('en')));

  it('words the advice per code and the console-made detail in the operator language, keeping the gateway message', async () => {
    await act(() => setLocale('zh-CN'));
    const points = describeError(envelope(10091, 'insufficient points'));
    expect(points).toEqual({ title: '积分不足', detail: 'insufficient points', nextStep: '请为该用户充值积分，或换用其他用户 ID。' });
    expect(describeError(envelope(2000, 'Missing Parameter: X-User-Id header', 200, 'taskStatus')).title).toBe('缺少参数：X-User-Id');
    expect(describeError(envelope(7777, 'quota window closed', 200, 'taskStatus')).title).toBe('状态查询失败（代码 7777）');
    expect(describeError(envelope(7777, '')).detail).toBe('网关未给出消息');
    const timeout = new GatewayRequestError({
      operation: 'taskStatus',
      kind: 'timeout',
      message: 'No answer within 20 s',
      detail: { id: 'timeout', values: { seconds: '20' } },
    });
    expect(describeError(timeout)).toEqual({
      title: '网关未及时应答',
      detail: '20 秒内没有应答',
      nextStep: '请重试；如果一直如此，说明网关过载或已停止运行。',
    });
  });

  it('takes the translator of the caller (a component passes its useT())', () => {
    const t = vi.fn((key: string) => `<${key}>`);
    expect(describeError(ofKind('aborted'), t).title).toBe('<errors.kind.cancelled>');
  });
});
