import { type CvFormat, facultyCvRoute } from '@attain/shared-types';
import { SplitButton } from 'primereact/splitbutton';
import { callUrl } from '../../app/api-client';
import { useDownload } from '../../app/use-download';

/** The path of a CV download: the member's (`faculty`) or, without one, the signed-in user's own. */
export const cvPath = (format: CvFormat, faculty?: string): string => callUrl(facultyCvRoute, { query: { faculty, format } });

/**
 * "Download CV": the main button downloads the CV as a Word document, its menu offers Word or PDF. The
 * file comes through the API with the signed-in user's token and is saved under the name the server gives
 * (`<First>-<Last>-CV.docx`). While the server prepares it the button reads "Preparing CV..."; a failure shows the
 * server's reason in the error popup. `faculty` is the member whose CV it is (an admin reading a member); without
 * it, the signed-in user's own.
 */
export function DownloadCvButton({ faculty }: { faculty?: string }) {
  const cv = useDownload('The CV');
  const busy = cv.busy !== null;
  const download = (format: CvFormat) => cv.download(format, cvPath(format, faculty), `CV.${format}`);
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
