import { useLayoutEffect, useRef, useState, type FocusEvent, type RefObject } from 'react';

/**
 * The task whose row holds focus in the virtual table. Its row keeps that task while it is drawn (useRowKeys' pin). When
 * the task leaves the drawn rows (scrolled away), its row is given to another task: focus then moves to the table's
 * scroll box, rather than stay on another task's button (its Remove would remove that task) or drop to the page. When
 * the task left the list (its Remove), focus goes to the same control of the task now in its place, so an operator
 * removes one task after another with Enter. A row moved in the DOM loses focus to the page: focus goes back to the
 * same control.
 */
export function useFocusedTask(
  box: RefObject<HTMLElement | null>,
  drawn: readonly string[],
  rows: readonly { id: string }[],
): { task: string | null; onFocus: (e: FocusEvent) => void; onBlur: (e: FocusEvent) => void } {
  const [task, setTask] = useState<string | null>(null);
  const control = useRef<HTMLElement | null>(null);
  /** Where the focused control stood: its row's aria-rowindex and its cell's column. */
  const place = useRef<{ rowIndex: string; column: string } | null>(null);
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
    if (!lost && (active === scroller || !scroller.contains(active))) return;
    // Its task gone from the list: the same control in the row now in its place (its focus event records that task).
    const at = place.current;
    const next =
      at && !rows.some((r) => r.id === task)
        ? scroller.querySelector<HTMLElement>(
            `tr[aria-rowindex="${at.rowIndex}"] td[data-column="${at.column}"] :is(button, input, a[href], [tabindex])`,
          )
        : null;
    // Else the scroll box, whose own focus event then says no row holds focus (onFocus).
    (next ?? scroller).focus({ preventScroll: true });
  }, [box, task, drawn, rows]);
  const onFocus = (e: FocusEvent) => {
    const target = e.target as HTMLElement;
    const row = target.closest('tr[aria-rowindex]');
    const rowIndex = row?.getAttribute('aria-rowindex') ?? null;
    const column = target.closest('td[data-column]')?.getAttribute('data-column') ?? null;
    control.current = target;
    place.current = rowIndex !== null && column !== null ? { rowIndex, column } : null;
    setTask(rowIndex !== null ? (rows[Number(rowIndex) - 2]?.id ?? null) : null);
  };
  // Focus gone elsewhere on the page. Not on a blur with nowhere to go: a row moved in the DOM blurs its control too.
  const onBlur = (e: FocusEvent) => {
    const next = e.relatedTarget as Node | null;
    if (next !== null && !box.current?.contains(next)) setTask(null);
  };
  return { task, onFocus, onBlur };
}
