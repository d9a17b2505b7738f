import { useEffect, useState } from 'react';
import { readAudio, type LoadedTake, type Take } from '../take';

/** Takes with their audio read back from IndexedDB; null while reading. */
export function useLoadedTakes(takes: readonly Take[]): LoadedTake[] | null {
  const [loaded, setLoaded] = useState<{ ids: string; takes: LoadedTake[] } | null>(null);
  const ids = takes.map((t) => t.id).join(',');
  useEffect(() => {
    let live = true;
    Promise.all(takes.map(async (take) => ({ take, audio: take.audio.kept ? await readAudio(take.id) : null })))
      .catch(() => takes.map((take) => ({ take, audio: null })))
      .then((all) => live && setLoaded({ ids, takes: all }));
    return () => {
      live = false;
    };
    // The ids say everything that matters; takes is a new array on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids]);
  return loaded?.ids === ids ? loaded.takes : null;
}
