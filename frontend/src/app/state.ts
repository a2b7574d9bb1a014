import type { ProfileView } from '@attain/shared-types';
import { atom, getDefaultStore } from 'jotai';

/** Number of API calls under way; the full-screen loading overlay shows while it is above 0. */
export const loadingAtom = atom(0);

/** The popup message (spec part 2 §4: shown for 2 seconds, then cleared). */
export interface Popup {
  kind: 'success' | 'error';
  text: string;
  /** Distinguishes two equal messages in a row, so each gets its own 2 seconds. */
  seq: number;
}
export const popupAtom = atom<Popup | null>(null);

/** The signed-in user's profile (banner names, role); null until loaded or when signed out. */
export const profileAtom = atom<ProfileView | null>(null);

export const store = getDefaultStore();

let seq = 0;
/** Shows a popup for `POPUP_MS`. */
export function showPopup(kind: Popup['kind'], text: string): void {
  store.set(popupAtom, { kind, text, seq: ++seq });
}
/** How long a popup stays, in ms (spec part 2 §9). */
export const POPUP_MS = 2000;

/** Longest message (characters) that reads at a glance; an error longer than this stays until dismissed. */
export const ONE_LINE_CHARS = 90;

/** Whether a popup carries more than a glance can read: an error of several lines or over `ONE_LINE_CHARS`. */
export const isDetailed = (p: Popup): boolean => p.kind === 'error' && (p.text.includes('\n') || p.text.length > ONE_LINE_CHARS);
