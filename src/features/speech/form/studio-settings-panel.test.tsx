import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/i18n/i18n-store';
import { loudnessSettingStore } from '../loudness/loudness-setting';
import { StudioSettingsPanel } from './studio-settings-panel';

describe('the loudness setting', () => {
  afterEach(async () => {
    loudnessSettingStore.save('off');
    await act(() => setLocale('en'));
  });

  it('offers off, −16 and −23 LUFS, and writes the choice at once (kept for the next visit)', () => {
    render(<StudioSettingsPanel />);
    const select = screen.getByRole('combobox', { name: 'Loudness' });
    expect(select).toHaveValue('off');
    expect([...(select as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Off', '−16 LUFS voice-over', '−23 LUFS broadcast']);
    fireEvent.change(select, { target: { value: 'broadcast' } });
    expect(loudnessSettingStore.get()).toBe('broadcast');
    expect(JSON.parse(localStorage.getItem('console.speech.loudness')!)).toBe('broadcast');
  });

  it('speaks Chinese', async () => {
    render(<StudioSettingsPanel />);
    await act(() => setLocale('zh-CN'));
    expect(screen.getByRole('combobox', { name: '响度' })).toHaveAccessibleDescription(/真峰值不超过 −1 dBTP/);
  });
});
