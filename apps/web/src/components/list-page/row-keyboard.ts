import { type FocusEvent, type KeyboardEvent, useEffect, useRef } from 'react';

const ROWS = 'tbody tr[data-row-index]';
const STOP = `${ROWS}[tabindex="0"]`;

/** A row's tabIndex as it mounts: the first row is the list's one tab stop. */
export const rowTabIndex = (index: number) => (index === 0 ? 0 : -1);

/**
 * The keyboard on a list's rows: j/k or the arrows move between them, Home and End go to the ends,
 * Enter opens one (`open` gets its index). The rows are one tab stop that follows focus (a roving
 * tabindex), kept on the DOM rather than in React state: a state would render every row of the
 * table again at each step. Spread the result on the element around the table.
 */
export function useRowKeyboard(rows: unknown, open: (index: number) => void) {
  const ref = useRef<HTMLDivElement>(null);
  // Rows that came, went or moved may leave no tab stop, or two: one is kept, the focused row first.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again whenever the rows change
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const stops = [...box.querySelectorAll<HTMLElement>(STOP)];
    const keep =
      stops.find((row) => row === document.activeElement) ?? stops[0] ?? box.querySelector<HTMLElement>(ROWS);
    for (const row of stops) if (row !== keep) row.setAttribute('tabindex', '-1');
    keep?.setAttribute('tabindex', '0');
  }, [rows]);

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    const row = event.target as HTMLElement;
    if (!row.matches(ROWS)) return;
    for (const other of event.currentTarget.querySelectorAll(STOP)) {
      if (other !== row) other.setAttribute('tabindex', '-1');
    }
    row.setAttribute('tabindex', '0');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const row = event.target as HTMLElement;
    // Keys inside a row's own links, buttons and inputs keep their usual meaning.
    if (!row.matches(ROWS)) return;
    const all = [...event.currentTarget.querySelectorAll<HTMLElement>(ROWS)];
    const index = all.indexOf(row);
    const focus = (to: number) => {
      event.preventDefault();
      all[Math.max(0, Math.min(all.length - 1, to))]?.focus();
    };
    if (event.key === 'ArrowDown' || event.key === 'j') focus(index + 1);
    else if (event.key === 'ArrowUp' || event.key === 'k') focus(index - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(all.length - 1);
    else if (event.key === 'Enter') {
      event.preventDefault();
      open(index);
    }
  };
  return { ref, onFocus, onKeyDown };
}
