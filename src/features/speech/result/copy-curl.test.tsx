import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { EMBEDDED_PCM } from '@/contract';
import { connectionStore, DEFAULT_PROFILE } from '@/lib/connection-store';
import type { Take } from '../take/take';
import { CopyCurl } from './copy-curl';

const takeOn = (gatewayUrl: string): Take => ({
  id: 't1',
  createdAt: 0,
  connection: { gatewayUrl, userId: '42', channel: '', appSource: '' },
  request: { sourceText: 'Hello.', voiceName: 'en-us' },
  result: { taskId: 'Service_AI_1', targetAudioUrl: 'https://gw.test/a.wav' },
  format: 'wav',
  pcmFormat: EMBEDDED_PCM,
  audio: { kept: false, reason: 'not readable' },
});

const command = () => screen.getByLabelText('cURL command').textContent ?? '';

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  connectionStore.set({
    profiles: [{ ...DEFAULT_PROFILE, gatewayUrl: 'https://gw.test/api', token: 'secret-active-token', userId: '42' }],
    activeId: 'local',
  });
});

describe('CopyCurl', () => {
  it('redacts the token until asked, then includes the active one for a take on the same gateway', async () => {
    render(<CopyCurl take={takeOn('https://gw.test/api')} />);
    expect(command()).toContain('Bearer <token>');
    expect(command()).not.toContain('secret-active-token');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Include the token' }));
    expect(command()).toContain('Authorization: Bearer secret-active-token');
  });

  it('never pairs the active token with a take made on another gateway', async () => {
    render(<CopyCurl take={takeOn('https://other.example/api')} />);
    const include = screen.getByRole('checkbox', { name: 'Include the token' });
    expect(include).toBeDisabled();
    expect(include).toHaveAccessibleDescription('This take was made on another gateway; its token is not kept.');
    expect(command()).toContain('https://other.example/api/speechSynthesis/textToSpeech');
    expect(command()).not.toContain('secret-active-token');
  });
});
