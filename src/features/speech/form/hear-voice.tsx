import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { useActiveConnection } from '@/hooks/use-connection';
import { useT } from '@/hooks/use-t';
import type { SpeechFormValues } from '../request';
import { voiceSampleQueryOptions } from './voice-sample-query';
import page from '../speech-page.module.css';
import styles from './form.module.css';

type State = { status: 'idle' | 'loading' | 'playing' } | { status: 'failed'; message: string };

/** Plays a short sample of the voice in the field; the first click synthesizes it, later ones replay it. */
export function HearVoice() {
  const { control } = useFormContext<SpeechFormValues>();
  const voiceName = useWatch({ control, name: 'voiceName' });
  const targetLanguage = useWatch({ control, name: 'targetLanguage' });
  const connection = useActiveConnection();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ status: 'idle' });
  const t = useT();
  const player = useRef<{ audio: HTMLAudioElement; url: string } | null>(null);

  const stop = () => {
    player.current?.audio.pause();
    if (player.current) URL.revokeObjectURL(player.current.url);
    player.current = null;
  };
  useEffect(() => stop, []);

  const hear = async () => {
    stop();
    setState({ status: 'loading' });
    try {
      const blob = await queryClient.fetchQuery(voiceSampleQueryOptions({ connection, voiceName, targetLanguage }));
      const url = URL.createObjectURL(blob);
      const audio = new Audio(url);
      player.current = { audio, url };
      audio.onended = () => setState({ status: 'idle' });
      await audio.play();
      setState({ status: 'playing' });
    } catch (e) {
      setState({ status: 'failed', message: e instanceof Error ? e.message : String(e) });
    }
  };

  const voice = voiceName.trim();
  return (
    <div className={styles.hearVoice}>
      <button type="button" onClick={() => void hear()} disabled={!voice || state.status === 'loading'}>
        {state.status === 'loading' ? t('speech.hear.making') : t('speech.hear.button')}
      </button>
      <span role="status" className={page.hint}>
        {state.status === 'playing' ? t('speech.hear.playing', { voice }) : ''}
      </span>
      {state.status === 'failed' && (
        <p role="alert" className="field-error">
          {t('speech.hear.failed', { voice, message: state.message })}
        </p>
      )}
    </div>
  );
}
