import { useEffect, useState } from 'react';

export type AudioClock = { currentTime: number; duration: number; playing: boolean };

/** Position, duration and play state of an audio element, for the waveform and the segment highlight. */
export function useAudioClock(audio: HTMLAudioElement | null): AudioClock {
  const [clock, setClock] = useState<AudioClock>({ currentTime: 0, duration: 0, playing: false });
  useEffect(() => {
    if (!audio) return;
    const update = () =>
      setClock({ currentTime: audio.currentTime, duration: Number.isFinite(audio.duration) ? audio.duration : 0, playing: !audio.paused });
    const events = ['timeupdate', 'loadedmetadata', 'durationchange', 'play', 'pause', 'seeked', 'emptied'] as const;
    events.forEach((e) => audio.addEventListener(e, update));
    update();
    return () => events.forEach((e) => audio.removeEventListener(e, update));
  }, [audio]);
  return clock;
}

export function seekAndPlay(audio: HTMLAudioElement | null, seconds: number): void {
  if (!audio) return;
  audio.currentTime = seconds;
  // A rejected play (no user gesture, or the source cannot play) leaves the position set; the controls still work.
  void audio.play().catch(() => undefined);
}
