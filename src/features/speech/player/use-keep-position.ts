import { useEffect } from 'react';

/**
 * When the element's source is replaced (a long text's preview grows by a part), play on from the
 * same point instead of jumping back to the start.
 */
export function useKeepPosition(audio: HTMLAudioElement | null): void {
  useEffect(() => {
    if (!audio) return;
    type Position = { time: number; playing: boolean };
    let last: Position | null = null;
    let carried: Position | null = null;
    // HAVE_NOTHING means the old source is already gone: its reset to 0 is not a position to keep.
    const track = () => {
      if (audio.readyState > 0) last = { time: audio.currentTime, playing: !audio.paused };
    };
    const carry = () => {
      carried = last;
      last = null;
    };
    const restore = () => {
      const position: Position | null = carried;
      carried = null;
      if (!position || position.time <= 0) return;
      audio.currentTime = Math.min(position.time, audio.duration || position.time);
      if (position.playing) void audio.play().catch(() => undefined);
    };
    const events = [
      ['timeupdate', track],
      ['pause', track],
      ['play', track],
      ['emptied', carry],
      ['loadedmetadata', restore],
    ] as const;
    events.forEach(([name, fn]) => audio.addEventListener(name, fn));
    return () => events.forEach(([name, fn]) => audio.removeEventListener(name, fn));
  }, [audio]);
}
