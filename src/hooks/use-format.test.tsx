import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n/i18n-store';
import { timeSettingStore } from '@/i18n/time-setting';
import { useFormat } from './use-format';

const AT = Date.UTC(2026, 10, 26, 1, 5, 9);

function When() {
  const f = useFormat();
  return (
    <p>
      {f.when(AT, AT + 3 * 60_000)} | {f.number(12000)} | {f.zoneLabel()}
    </p>
  );
}

afterEach(async () => {
  await act(() => setLocale('en'));
  act(() => timeSettingStore.save({ display: 'relative', zone: 'local' }));
});

describe('useFormat', () => {
  it('follows the language and the time setting as they change', async () => {
    render(<When />);
    expect(screen.getByRole('paragraph')).toHaveTextContent(/^3 minutes ago \| 12,000 \|/);
    await act(() => setLocale('zh-CN'));
    expect(screen.getByRole('paragraph')).toHaveTextContent(/^3分钟前 \| 12,000 \|/);
    act(() => timeSettingStore.update({ display: 'absolute', zone: 'utc' }));
    expect(screen.getByRole('paragraph')).toHaveTextContent('2026年11月26日 01:05:09 | 12,000 | UTC');
  });
});
