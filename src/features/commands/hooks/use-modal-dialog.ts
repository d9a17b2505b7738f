import { useEffect, useRef } from 'react';

/** A <dialog> shown modal while the component is mounted (the rest of the page inert, focus inside). */
export function useModalDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && !el.open) el.showModal();
    return () => el?.close();
  }, []);
  return ref;
}
