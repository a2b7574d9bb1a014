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
