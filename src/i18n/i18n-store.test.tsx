import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageSelect } from '@/components/language-select';
import { getLocale, loadNamespace, setLocale, startLocale, t } from './i18n-store';
import { useT } from '@/hooks/use-t';
import { LOCALES, pickLocale } from './locales';
import { timeSettingStore } from './time-setting';

afterEach(async () => {
  await act(() => setLocale('en'));
  localStorage.clear();
});

function Title() {
  const t = useT();
  return <h1>{t('common.pages.notFound')}</h1>;
}

describe('locale detection', () => {
  it('takes zh-* as Simplified Chinese and anything else as English, first match wins', () => {
    expect(pickLocale(['zh-TW', 'en'])).toBe('zh-CN');
    expect(pickLocale(['zh'])).toBe('zh-CN');
    expect(pickLocale(['fr-FR', 'en-GB', 'zh-CN'])).toBe('en');
    expect(pickLocale(['de'])).toBe('en');
    expect(pickLocale([])).toBe('en');
  });
});

describe('i18n store', () => {
  it("words the page's <meta name=description> in the language, on start and on a switch (issue 39)", async () => {
    const meta = Object.assign(document.createElement('meta'), { name: 'description', content: 'Service AI Console' });
    document.head.append(meta);
    try {
      await startLocale(['common']);
      expect(meta.content).toBe('Operator console for the Service AI gateway: watch video text removal tasks and synthesize speech.');
      await act(() => setLocale('zh-CN'));
      expect(meta.content).toBe('Service AI 网关的运维控制台：跟踪视频去文字任务，合成语音。');
    } finally {
      meta.remove();
    }
  });

  it('switches language without a reload: loads the namespaces in use, then renders, sets <html lang> and stores the code', async () => {
    await loadNamespace('common');
    render(<Title />);
    expect(screen.getByRole('heading')).toHaveTextContent('Page not found');
    await act(() => setLocale('zh-CN'));
    expect(screen.getByRole('heading')).toHaveTextContent('页面不存在');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(JSON.parse(localStorage.getItem('console.locale') ?? 'null')).toBe('zh-CN');
    // Every namespace loaded before the switch is there in the new language.
    expect(t('settings.form.userId')).toBe('用户 ID');
    expect(getLocale()).toBe('zh-CN');
  });

  it('offers each language by its native name, under the name "Language"/"语言"', async () => {
    render(<LanguageSelect id="lang" />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    // Every locale of LOCALES, by its native name (a third locale needs no change here).
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual(Object.values(LOCALES));
    expect(Object.values(LOCALES)).toEqual(expect.arrayContaining(['English', '简体中文']));
    await act(async () => {
      (select as HTMLSelectElement).value = 'zh-CN';
      select.dispatchEvent(new Event('change', { bubbles: true }));
      await setLocale('zh-CN'); // the same switch the change started; awaited so the test sees its end
    });
    expect(screen.getByRole('combobox', { name: '语言' })).toHaveValue('zh-CN');
  });

  it('leaves a code passed as text ungrouped (a number would read 10,091)', () => {
    expect(t('common.error.code', { code: '10091' })).toBe('code 10091');
  });
});

describe('time setting', () => {
  it('keeps the choice, and reads a damaged stored value field by field', () => {
    timeSettingStore.update({ zone: 'utc' });
    expect(JSON.parse(localStorage.getItem('console.time-setting') ?? '{}')).toEqual({ display: 'relative', zone: 'utc' });
    expect(timeSettingStore.get()).toEqual({ display: 'relative', zone: 'utc' });
    timeSettingStore.update({ display: 'absolute', zone: 'local' });
    expect(timeSettingStore.get().display).toBe('absolute');
  });
});
