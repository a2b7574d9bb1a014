import { useCallback, useSyncExternalStore } from 'react';

/** The width (px) at and below which lists and result tables show as stacked cards (a phone held upright). */
export const PHONE_MAX_WIDTH = 720;

/**
 * Whether the CSS media query matches now; re-renders when it starts or stops matching (a rotated phone, a resized
 * window). Without `matchMedia` (tests in jsdom) it answers false: the wide layout.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
}

/** Whether the screen is phone-sized (`PHONE_MAX_WIDTH` or narrower). */
export const usePhone = (): boolean => useMediaQuery(`(max-width: ${PHONE_MAX_WIDTH}px)`);
