import { useAtom, useAtomValue } from 'jotai';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { POPUP_MS, loadingAtom, popupAtom } from '../../app/state';

/** Full-screen dimmed spinner while any API call runs (spec part 2 §4). */
export function LoadingOverlay() {
  const loading = useAtomValue(loadingAtom);
  if (loading <= 0) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite" aria-label="Loading">
      {/* The spinner is a progressbar: it needs its own name (axe: aria-progressbar-name), not only the region's. */}
      <ProgressSpinner strokeWidth="4" style={{ width: 64, height: 64 }} aria-label="Loading" />
    </div>
  );
}

/**
 * The toast region (spec part 2 §4's popup, in a corner: docs/decisions/0040-toasts.md): the last success or error
 * message at the bottom right (across the bottom on a phone), where it covers no form field or saved row. The region
 * is always there and polite, so a screen reader reads each message; an error is an alert. A success clears after
 * `POPUP_MS`, the time stopped while the pointer is on it or it has the focus; an error stays until dismissed (its
 * button or Escape).
 */
export function PopupMessage() {
  const [popup, setPopup] = useAtom(popupAtom);
  const [held, setHeld] = useState(false);
  const stays = popup?.kind === 'error';
  useEffect(() => {
    if (!popup || stays || held) return;
    const t = setTimeout(() => setPopup(null), POPUP_MS);
    return () => clearTimeout(t);
  }, [popup, stays, held, setPopup]);
  // A new message starts its own time.
  useEffect(() => setHeld(false), [popup?.seq]);
  // An error is dismissed with Escape too (before an open form sees the key).
  useEffect(() => {
    if (!stays) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      e.preventDefault();
      e.stopPropagation();
      setPopup(null);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [stays, setPopup]);
  return (
    <div className="toast-region" aria-live="polite" aria-label="Messages" role="region">
      {popup ? (
        <div
          key={popup.seq}
          className={`popup popup-${popup.kind}${stays ? ' popup-stays' : ''}`}
          role={popup.kind === 'error' ? 'alert' : 'status'}
          onMouseEnter={() => setHeld(true)}
          onMouseLeave={() => setHeld(false)}
          onFocus={() => setHeld(true)}
          onBlur={() => setHeld(false)}
        >
          <i className={popup.kind === 'error' ? 'pi pi-exclamation-triangle' : 'pi pi-check-circle'} aria-hidden />
          <span className="popup-text">{popup.text}</span>
          <Button icon="pi pi-times" text rounded severity="secondary" aria-label="Dismiss message" onClick={() => setPopup(null)} />
        </div>
      ) : null}
    </div>
  );
}
