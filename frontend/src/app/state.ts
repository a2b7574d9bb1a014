import { type Power, type ProfileView, may } from '@attain/shared-types';
import { atom, getDefaultStore, useAtomValue } from 'jotai';

/** Number of API calls under way; the full-screen loading overlay shows while it is above 0. */
export const loadingAtom = atom(0);

/**
 * The message of the last save or failure (spec part 2 §4, as a toast: docs/decisions/0040-toasts.md): a success
 * clears after `POPUP_MS` (paused while pointed at or focused), an error stays until dismissed.
 */
export interface Popup {
  kind: 'success' | 'error';
  text: string;
  /** Distinguishes two equal messages in a row, so each gets its own time. */
  seq: number;
}
export const popupAtom = atom<Popup | null>(null);

/** The signed-in user's profile (banner names, role); null until loaded or when signed out. */
export const profileAtom = atom<ProfileView | null>(null);

/** Whether the signed-in user holds `power` (`may`, decision 0052); nobody does while signed out. */
export const useMay = (power: Power): boolean => may(useAtomValue(profileAtom), power);

export const store = getDefaultStore();

let seq = 0;
/** Shows a message in the toast region: a success for `POPUP_MS`, an error until dismissed. */
export function showPopup(kind: Popup['kind'], text: string): void {
  store.set(popupAtom, { kind, text, seq: ++seq });
}
/**
 * How long a success message stays, in ms: long enough to read a sentence naming the record (the spec's 2000 ms went
 * before it was read; docs/decisions/0040-toasts.md).
 */
export const POPUP_MS = 5000;
