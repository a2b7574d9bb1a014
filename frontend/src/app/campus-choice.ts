import { atom } from 'jotai';
import { store } from './state';

/** Where a group administrator's chosen campus is kept for the tab's session (a reload keeps it; a new tab starts over). */
const KEY = 'attain.campus';

const stored = (): string | null => {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
};

/**
 * The campus a group administrator reads, sent as the `X-Campus` header on every API call; null = "All
 * campuses" (no campus's records, the group's sums). Campus users never set it.
 */
export const campusAtom = atom<string | null>(stored());

/** Chooses the campus (null: all campuses) and keeps the choice in the session. */
export function setCampus(id: string | null): void {
  try {
    if (id) sessionStorage.setItem(KEY, id);
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the choice lasts until the page is reloaded.
  }
  store.set(campusAtom, id);
}

/** The request headers naming the chosen campus (none when no campus is chosen). */
export const campusHeaders = (): Record<string, string> => {
  const id = store.get(campusAtom);
  return id ? { 'X-Campus': id } : {};
};
