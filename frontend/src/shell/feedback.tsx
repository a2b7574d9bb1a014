import { useAtom, useAtomValue } from 'jotai';
import { ProgressSpinner } from 'primereact/progressspinner';
import { useEffect } from 'react';
import { POPUP_MS, loadingAtom, popupAtom } from '../app/state';

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

/** Centred popup with the last success or error message, cleared after 2 seconds (spec part 2 §4). */
export function PopupMessage() {
  const [popup, setPopup] = useAtom(popupAtom);
  useEffect(() => {
    if (!popup) return;
    const t = setTimeout(() => setPopup(null), POPUP_MS);
    return () => clearTimeout(t);
  }, [popup, setPopup]);
  if (!popup) return null;
  return (
    <div className={`popup popup-${popup.kind}`} role={popup.kind === 'error' ? 'alert' : 'status'}>
      <i className={popup.kind === 'error' ? 'pi pi-exclamation-triangle' : 'pi pi-check-circle'} aria-hidden />
      <span>{popup.text}</span>
    </div>
  );
}
