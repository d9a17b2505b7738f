import { useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useActiveConnection } from '@/hooks/use-connection';
import { redoTakePart } from './redo-take-part';
import type { LoadedTake } from '../take';
import { addTake } from '../history';
import { loudnessSettingStore, loudnessTarget } from '../loudness';

type Redo = { index: number; text?: string };

/** Redo one part of the joined take being played: the new take replaces the old one in history and in the player. */
export function useRedoPart(loaded: LoadedTake, onRedone: (loaded: LoadedTake, index: number) => void) {
  const connection = useActiveConnection();
  const controller = useRef<AbortController | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ index, text }: Redo) => {
      controller.current?.abort();
      const own = new AbortController();
      controller.current = own;
      const next = await redoTakePart(loaded, index, text, connection, loudnessTarget(loudnessSettingStore.get()), own.signal);
      await addTake(next.take, next.audio);
      onRedone(next, index);
      return next;
    },
  });
  return {
    redo: (index: number, text?: string) => mutation.mutateAsync({ index, text }),
    pendingIndex: mutation.isPending ? (mutation.variables?.index ?? null) : null,
    error: mutation.error,
    failedIndex: mutation.isError ? (mutation.variables?.index ?? null) : null,
    doneIndex: mutation.isSuccess ? (mutation.variables?.index ?? null) : null,
    reset: mutation.reset,
  };
}
