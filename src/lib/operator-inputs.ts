let inputs = 0;
let listening = false;

/**
 * How many keys and pointer presses the operator has made on this page (counted from the first
 * call). A panel that fails with the same count as when it started failed from what it was given,
 * not from what the operator just did.
 */
export function operatorInputs(): number {
  if (!listening && typeof window !== 'undefined') {
    listening = true;
    const count = () => void inputs++;
    for (const type of ['keydown', 'pointerdown', 'drop'] as const) window.addEventListener(type, count, { capture: true, passive: true });
  }
  return inputs;
}
