import { SplitButton } from 'primereact/splitbutton';
import { useState } from 'react';
import { ApiError, apiFile } from '../app/api';
import { saveFile } from '../app/save-file';
import { showPopup } from '../app/state';

/** The CV's file formats, as `GET /api/faculty-cv?format=` takes them. */
type CvFormat = 'docx' | 'pdf';

/** The path of a CV download: the member's (`faculty`) or, without one, the signed-in user's own. */
export const cvPath = (format: CvFormat, faculty?: string): string =>
  `/api/faculty-cv?${new URLSearchParams({ ...(faculty ? { faculty } : {}), format }).toString()}`;

/**
 * "Download CV" (issue 12): the main button downloads the CV as a Word document, its menu offers Word or PDF. The
 * file comes through the API with the signed-in user's token and is saved under the name the server gives
 * (`<First>-<Last>-CV.docx`). While the server prepares it the button reads "Preparing CV..."; a failure shows the
 * server's reason in the error popup. `faculty` is the member whose CV it is (an admin reading a member); without
 * it, the signed-in user's own.
 */
export function DownloadCvButton({ faculty }: { faculty?: string }) {
  const [busy, setBusy] = useState(false);
  const download = async (format: CvFormat) => {
    if (busy) return;
    setBusy(true);
    try {
      const { blob, fileName } = await apiFile(cvPath(format, faculty));
      saveFile(blob, fileName ?? `CV.${format}`);
    } catch (e) {
      showPopup('error', `The CV could not be prepared: ${e instanceof ApiError ? e.detail : 'please try again'}`);
    } finally {
      setBusy(false);
    }
  };
  return (
    <SplitButton
      label={busy ? 'Preparing CV...' : 'Download CV'}
      icon="pi pi-download"
      outlined
      loading={busy}
      disabled={busy}
      onClick={() => void download('docx')}
      model={[
        { label: 'Word (DOCX)', icon: 'pi pi-file-word', command: () => void download('docx') },
        { label: 'PDF', icon: 'pi pi-file-pdf', command: () => void download('pdf') },
      ]}
      menuButtonProps={{ 'aria-label': 'Choose the CV format' }}
    />
  );
}
