import type { StoredFile } from '@attain/shared-types';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { AttachmentList } from './attachments-field';

/**
 * A row's evidence in a list: a paperclip with the number of files, opening the list of them with Download buttons
 * (also for an admin reading a member's records, who cannot edit them).
 */
export function AttachmentsButton({ files, title }: { files: unknown; title: string }) {
  const [open, setOpen] = useState(false);
  const list = Array.isArray(files) ? (files as StoredFile[]) : [];
  return (
    <>
      <Button
        icon="pi pi-paperclip"
        rounded
        text
        label={list.length ? String(list.length) : undefined}
        disabled={!list.length}
        aria-label={list.length ? `${list.length} ${list.length === 1 ? 'file' : 'files'} of ${title}` : `No files for ${title}`}
        onClick={() => setOpen(true)}
      />
      <Dialog header={`Files: ${title}`} visible={open} onHide={() => setOpen(false)} style={{ width: 'min(32rem, 95vw)' }}>
        <AttachmentList files={list} />
      </Dialog>
    </>
  );
}
