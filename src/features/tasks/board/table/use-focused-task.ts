import { useLayoutEffect, useRef, useState, type FocusEvent, type RefObject } from 'react';

/**
 * The task whose row holds focus in the virtual table. Its row keeps that task while it is drawn (useRowKeys' pin). When
 * the task leaves the drawn rows (scrolled or filtered away), its row is given to another task: focus then moves to the
 * table's scroll box, rather than stay on another task's button (its Remove would remove that task) or drop to the
 * page. A row moved in the DOM loses focus to the page: focus goes back to the same control.
 */
export function useFocusedTask(
  box: RefObject<HTMLElement | null>,
  drawn: readonly string[],
  taskAt: (rowIndex: number) => string | undefined,
): { task: string | null; onFocus: (e: FocusEvent) => void; onBlur: (e: FocusEvent) => void } {
  const [task, setTask] = useState<string | null>(null);
  const control = useRef<HTMLElement | null>(null);
  // After each render with other rows drawn: the moment a row given to another task can be caught, before paint.
  useLayoutEffect(() => {
    const scroller = box.current;
    if (task === null || !scroller) return;
    const active = document.activeElement;
    const lost = active === null || active === document.body;
    if (drawn.includes(task)) {
      if (lost && control.current?.isConnected) control.current.focus({ preventScroll: true });
      return;
    }
    // The scroll box's own focus event then says no row holds focus (onFocus).
    if (lost || (active !== scroller && scroller.contains(active))) scroller.focus({ preventScroll: true });
  }, [box, task, drawn]);
  const onFocus = (e: FocusEvent) => {
    const row = (e.target as Element).closest('tr[aria-rowindex]');
    control.current = e.target as HTMLElement;
    setTask(row ? (taskAt(Number(row.getAttribute('aria-rowindex')) - 2) ?? null) : null);
  };
  // Focus gone elsewhere on the page. Not on a blur with nowhere to go: a row moved in the DOM blurs its control too.
  const onBlur = (e: FocusEvent) => {
    const next = e.relatedTarget as Node | null;
    if (next !== null && !box.current?.contains(next)) setTask(null);
  };
  return { task, onFocus, onBlur };
}
