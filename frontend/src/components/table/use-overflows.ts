import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element in `box` is wider than its visible width (its content scrolls sideways), looked at again when
 * the window's size changes or `deps` changes (new rows, another course). Pages show a hint then, so columns kept
 * off to the side (a table's last columns, a matrix's PSOs) are not missed.
 */
export function useOverflows(box: RefObject<HTMLElement | null>, deps: unknown): boolean {
  const [over, setOver] = useState(false);
  useEffect(() => {
    const check = () => setOver(Boolean(box.current && box.current.scrollWidth > box.current.clientWidth + 1));
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, [box, deps]);
  return over;
}
