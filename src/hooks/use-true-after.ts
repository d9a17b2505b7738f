import { useEffect, useState } from 'react';

/**
 * `value`, but true only once it has stayed true for `ms`: a state that usually lasts a moment (a filter's answer on its
 * way) is then not written to the page at all, rather than written and taken back a few milliseconds later (each a
 * frame of style, layout and paint: issue 38). False again at once when `value` is. `ms` 0: no wait.
 */
export function useTrueAfter(value: boolean, ms: number): boolean {
  const [held, setHeld] = useState(false);
  // A new wait for every time `value` turns true: the last one's mark goes as soon as it turns false.
  if (!value && held) setHeld(false);
  useEffect(() => {
    if (!value || ms <= 0) return;
    const timer = setTimeout(() => setHeld(true), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return value && (ms <= 0 || held);
}
