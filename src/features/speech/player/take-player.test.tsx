import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { EMBEDDED_PCM } from '@/contract';
import type { Take } from '../take/take';
import { TakePlayer } from './take-player';

const take = (targetAudioUrl: string, format: Take['format'] = 'wav'): Take => ({
  id: 't1',
  createdAt: 0,
  connection: { gatewayUrl: 'https://gw.test', userId: '42', channel: '', appSource: '' },
  request: { sourceText: 'Hello.', voiceName: 'en-us' },
  result: { taskId: 'Service_AI_1', targetAudioUrl },
  format,
  pcmFormat: EMBEDDED_PCM,
  audio: { kept: false, reason: 'not readable' },
});

describe('TakePlayer without kept audio (e.g. a take kept in history)', () => {
  it('plays and links an http(s) audio URL directly', () => {
    const { container } = render(<TakePlayer loaded={{ take: take('https://gw.test/a.wav'), audio: null }} label="Take" />);
    expect(container.querySelector('audio')).toHaveAttribute('src', 'https://gw.test/a.wav');
    expect(screen.getByRole('link', { name: "Open the gateway's audio URL" })).toHaveAttribute('href', 'https://gw.test/a.wav');
  });

  it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example/a.wav'])(
    'neither plays nor links %j',
    (url) => {
      const { container } = render(<TakePlayer loaded={{ take: take(url), audio: null }} label="Take" />);
      expect(container.querySelector('audio')).toBeNull();
      expect(screen.queryByRole('link')).toBeNull();
    },
  );

  it('does not hand raw PCM it could not read to the audio element (no browser plays it); says why and links it', () => {
    const { container } = render(<TakePlayer loaded={{ take: take('https://gw.test/a.pcm', 'pcm'), audio: null }} label="Take" />);
    expect(container.querySelector('audio')).toBeNull();
    expect(screen.getByText(/cannot be played here/)).toHaveTextContent('synthesize as WAV or MP3');
    expect(screen.getByRole('link', { name: "Open the gateway's audio URL" })).toHaveAttribute('href', 'https://gw.test/a.pcm');
  });
});
