import { useEffect, useRef } from 'react';
import { setShownDialog } from '../stores/commands-open';

/** A <dialog> shown modal while the component is mounted (the rest of the page inert, focus inside). */
export function useModalDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && !el.open) el.showModal();
    setShownDialog(el);
    return () => {
      el?.close();
      setShownDialog(null);
    };
  }, []);
  return ref;
}
