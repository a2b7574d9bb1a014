import type { Query } from '@tanstack/react-query';
import { useRef } from 'react';

/**
 * How often a view whose figures are being brought up to date in the background (a campus's summaries after a
 * change) is read again (ms): every 3 s at first, as a refresh takes a few seconds, then twice as long after each read
 * that still says "updating", up to a minute, so a page left open on a busy group does not read every 3 s all day.
 * @param reads how many reads in a row have said "updating" (1 for the first)
 * @returns the wait before the next read (ms)
 */
export function updatingPollMs(reads: number): number {
  return Math.min(60_000, 3000 * 2 ** Math.max(0, reads - 1));
}

/**
 * A query's `refetchInterval` that reads the view again while `updating` says so (`updatingPollMs`), counting each
 * answer once (by its time), and stops when an answer no longer does.
 */
export function useUpdatingPoll<T>(updating: (data: T) => boolean): (q: Query<T, Error, T, readonly unknown[]>) => number | false {
  const seen = useRef({ at: 0, reads: 0 });
  return (q) => {
    const s = seen.current;
    if (q.state.dataUpdatedAt !== s.at) {
      s.at = q.state.dataUpdatedAt;
      s.reads = q.state.data !== undefined && updating(q.state.data) ? s.reads + 1 : 0;
    }
    return s.reads ? updatingPollMs(s.reads) : false;
  };
}
