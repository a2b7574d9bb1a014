import { useState } from 'react';
import { ApiError, apiFile } from './api';
import { saveFile } from './save-file';
import { showPopup } from './state';

/**
 * A file download from the API with the signed-in user's token (`apiFile`), saved under the name the server gives
 * (else `fallbackName`). `busy` names the download under way (e.g. its format), so the control that asked can say
 * "Preparing..." and refuse a second click; a failure shows "`what` could not be prepared: <the server's detail>" in
 * the error popup and keeps it in `error` for the page.
 */
export function useDownload(what: string) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (key: string, path: string, fallbackName: string) => {
    if (busy) return;
    setBusy(key);
    setError(null);
    try {
      const { blob, fileName } = await apiFile(path);
      saveFile(blob, fileName ?? fallbackName);
    } catch (e) {
      const text = `${what} could not be prepared: ${e instanceof ApiError ? e.detail : 'please try again'}`;
      setError(text);
      showPopup('error', text);
    } finally {
      setBusy(null);
    }
  };
  return { busy, error, download };
}
