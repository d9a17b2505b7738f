import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/i18n/i18n-store';
import { renderWithClient } from '@/testing/render-with-client';
import { SPEECH_FORM_DEFAULTS } from '../request/speech-form-schema';
import { draftStore } from './draft-store';
import { SpeechForm } from './speech-form';

const setup = () => {
  const onSynthesize = vi.fn(() => Promise.resolve());
  renderWithClient(<SpeechForm preset={null} pending={false} onSynthesize={onSynthesize} onCancel={() => undefined} />);
  return { onSynthesize, text: screen.getByLabelText('Text to synthesize') };
};

describe('SpeechForm', () => {
  beforeEach(() => {
    localStorage.clear();
    draftStore.set(SPEECH_FORM_DEFAULTS);
  });

  it('says how many parts a text above 5,000 goes out as', () => {
    const { text } = setup();
    fireEvent.change(text, { target: { value: 'Short sentence here. '.repeat(500) } });
    expect(screen.getByText(/^10,499 \/ 100,000 characters/)).toHaveTextContent('sent as 3 parts of at most 5,000, joined into one audio');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Synthesize' })).toBeEnabled();
  });

  it('counts code points, blocks above 100,000 and trims on request', async () => {
    const { text } = setup();
    fireEvent.change(text, { target: { value: `${'a'.repeat(100000)}😀` } });
    expect(screen.getByText('100,001 / 100,000 characters')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('sending is blocked');
    expect(screen.getByRole('button', { name: 'Synthesize' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Trim to 100,000' }));
    await waitFor(() => expect(screen.getByText(/^100,000 \/ 100,000 characters/)).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Synthesize' })).toBeEnabled();
  });

  it('sends the exact request body on Ctrl+Enter, leaving out empty optional fields', async () => {
    const { text, onSynthesize } = setup();
    fireEvent.change(text, { target: { value: 'Hello.' } });
    fireEvent.change(screen.getByLabelText('Timbre number'), { target: { value: '5' } });
    fireEvent.keyDown(text, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(onSynthesize).toHaveBeenCalledTimes(1));
    expect(onSynthesize).toHaveBeenCalledWith({
      sourceText: 'Hello.',
      timbreNumber: 5,
      speedFactor: 1,
      volume: 0,
      emotion: 0,
      format: 'wav',
    });
  });

  it('counts and sends the text without its outer spaces, and says so', async () => {
    const { text, onSynthesize } = setup();
    fireEvent.change(text, { target: { value: '   Hello.\n\n' } });
    expect(screen.getByText(/^6 \/ 100,000 characters/)).toHaveTextContent(
      'spaces and line breaks at the start and end are not counted or sent',
    );
    fireEvent.change(screen.getByLabelText('Voice name'), { target: { value: 'en-us' } });
    fireEvent.keyDown(text, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(onSynthesize).toHaveBeenCalledTimes(1));
    expect(onSynthesize).toHaveBeenCalledWith(expect.objectContaining({ sourceText: 'Hello.' }));
  });

  it('keeps the button focusable while sending (aria-disabled, not disabled) and does not send twice', () => {
    const onSynthesize = vi.fn(() => Promise.resolve());
    renderWithClient(<SpeechForm preset={null} pending onSynthesize={onSynthesize} onCancel={() => undefined} />);
    const button = screen.getByRole('button', { name: 'Synthesizing…' });
    expect(button).not.toHaveAttribute('disabled');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    button.focus();
    fireEvent.click(button);
    expect(button).toHaveFocus();
    expect(onSynthesize).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(button).toHaveFocus();
  });

  it('shows errors next to their fields and keeps the slider and number box on one value', async () => {
    const { onSynthesize } = setup();
    fireEvent.change(screen.getByLabelText('Volume value'), { target: { value: '20.5' } });
    expect(screen.getByLabelText('Volume (dB)')).toHaveValue('20');
    fireEvent.change(screen.getByLabelText('Emotion'), { target: { value: '4' } });
    expect(screen.getByLabelText('Emotion value')).toHaveValue(4);
    fireEvent.submit(screen.getByRole('form', { name: 'Synthesis' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      'Text is required',
      'Give a voice name or a timbre number',
      'Give a voice name or a timbre number',
      'Must be at most 20',
    ]);
    expect(onSynthesize).not.toHaveBeenCalled();
  });
});

describe('SpeechForm in Chinese', () => {
  beforeEach(() => {
    localStorage.clear();
    draftStore.set(SPEECH_FORM_DEFAULTS);
  });
  afterEach(() => act(() => setLocale('en')));

  it('labels, counts, names of codes and languages, and errors in Chinese', async () => {
    await act(() => setLocale('zh-CN'));
    const onSynthesize = vi.fn(() => Promise.resolve());
    renderWithClient(<SpeechForm preset={null} pending={false} onSynthesize={onSynthesize} onCancel={() => undefined} />);
    const text = screen.getByLabelText('要合成的文本');
    fireEvent.change(text, { target: { value: '短句。'.repeat(2000) } });
    expect(screen.getByText(/^6,000 \/ 100,000 个字符/)).toHaveTextContent('分成 2 段发送（每段最多 5,000 个字符），合并为一个音频');
    expect(screen.getByRole('option', { name: '中文（普通话）（zh）' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '日语（假名）（ja）' })).toBeInTheDocument();
    expect(screen.getByText(/已知值：0 公共音色和1 私有音色/)).toBeInTheDocument();
    expect(screen.getByLabelText('音量（dB）')).toBeInTheDocument();
    fireEvent.change(text, { target: { value: '' } });
    fireEvent.submit(screen.getByRole('form', { name: '语音合成' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['请输入文本', '请填写音色名称或音色编号', '请填写音色名称或音色编号']);
    expect(screen.getByRole('button', { name: '合成' })).toBeEnabled();
    expect(onSynthesize).not.toHaveBeenCalled();
  });
});
