import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { connectionProfileSchema } from '@/lib/connection-profile';
import { DEFAULT_PROFILE } from '@/lib/connection-store';
import { problemText } from './problem-text';
import { setLocale, t } from '@/i18n/i18n-store';

const problems = (values: Record<string, unknown>) => {
  const result = connectionProfileSchema.safeParse({ ...DEFAULT_PROFILE, ...values });
  return result.success ? [] : result.error.issues.map((i) => problemText(t, i.message));
};

describe('problemText: the profile schema’s problems in the operator language', () => {
  afterEach(() => act(() => setLocale('en')));

  it('keeps the English wording the schema reports', () => {
    expect(problems({ gatewayUrl: '', userId: '' })).toEqual([
      'Gateway URL is required',
      'Use /api (this server) or an absolute http(s):// URL',
      'User ID is required',
      'User ID must contain digits only',
      'User ID must fit a 64-bit Long (at most 9223372036854775807)',
    ]);
  });

  it('words every problem in Chinese, the contract’s header rules included', async () => {
    await act(() => setLocale('zh-CN'));
    expect(problems({ gatewayUrl: 'https://gw.example/api?token=x', userId: 'abc', channel: '1.5', name: '', token: 'a b' })).toEqual([
      '名称不能为空',
      '网关 URL 不能带查询字符串或片段（令牌绝不放在 URL 中）',
      '令牌不能包含空格',
      '用户 ID 只能包含数字',
      '用户 ID 必须在 64 位 Long 范围内（最大 9223372036854775807）',
      '渠道必须是整数',
    ]);
    expect(problemText(t, 'something the console does not know')).toBe('something the console does not know');
  });
});
