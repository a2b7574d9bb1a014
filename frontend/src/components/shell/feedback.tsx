import { useAtom, useAtomValue } from 'jotai';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useEffect } from 'react';
import { Button } from 'primereact/button';
import { POPUP_MS, isDetailed, loadingAtom, popupAtom } from '../../app/state';

/** Full-screen dimmed spinner while any API call runs (spec part 2 §4). */
export function LoadingOverlay() {
  const loading = useAtomValue(loadingAtom);
  if (loading <= 0) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite" aria-label="Loading">
      <ProgressSpinner strokeWidth="4" style={{ width: 64, height: 64 }} />
    </div>
  );
}

/**
 * Centred popup with the last success or error message (spec part 2 §4). Success and one-line errors clear after
 * 2 seconds; an error with more to read (`isDetailed`) stays until dismissed (its button or Escape), since nobody
 * reads four lines in two seconds.
 */
export function PopupMessage() {
  const [popup, setPopup] = useAtom(popupAtom);
  const stays = popup ? isDetailed(popup) : false;
  useEffect(() => {
    if (!popup || stays) return;
    const t = setTimeout(() => setPopup(null), POPUP_MS);
    return () => clearTimeout(t);
  }, [popup, stays, setPopup]);
  // A message that stays is dismissed with Escape too (before an open form sees the key).
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
  if (!popup) return null;
  return (
    <div className={`popup popup-${popup.kind}${stays ? ' popup-stays' : ''}`} role={popup.kind === 'error' ? 'alert' : 'status'}>
      <i className={popup.kind === 'error' ? 'pi pi-exclamation-triangle' : 'pi pi-check-circle'} aria-hidden />
      <span className="popup-text">{popup.text}</span>
      {stays ? (
        <Button icon="pi pi-times" text rounded severity="secondary" aria-label="Dismiss message" onClick={() => setPopup(null)} />
      ) : null}
    </div>
  );
}
