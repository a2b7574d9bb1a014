import { type StoredFile, UPLOAD_RULES, fileSize } from '@attain/shared-types';
import { Button } from 'primereact/button';
import { useRef, useState } from 'react';
import { ApiError } from '../../app/api';
import { showPopup } from '../../app/state';
import { fileLink, uploadFile } from './upload-file';

/** Opens a stored file through its short-lived link (the browser downloads it, named as uploaded). */
export async function openStoredFile(file: StoredFile): Promise<void> {
  try {
    window.location.assign(await fileLink(file.key));
  } catch (e) {
    showPopup('error', e instanceof ApiError ? e.detail : 'The file could not be opened');
  }
}

/** The files of a record, each with its size and a Download button; `onRemove` adds a Remove button (in a form). */
export function AttachmentList(props: { files: readonly StoredFile[]; onRemove?: (f: StoredFile) => void }) {
  if (!props.files.length) return <p className="hint">No files attached.</p>;
  return (
    <ul className="attachment-list">
      {props.files.map((f) => (
        <li key={f.key}>
          <i className={`pi ${f.content_type === 'application/pdf' ? 'pi-file-pdf' : 'pi-image'}`} aria-hidden />
          <span className="attachment-name">{f.name}</span>
          <small className="hint">{fileSize(f.size)}</small>
          <Button
            type="button"
            icon="pi pi-download"
            text
            size="small"
            aria-label={`Download ${f.name}`}
            onClick={() => void openStoredFile(f)}
          />
          {props.onRemove ? (
            <Button
              type="button"
              icon="pi pi-times"
              text
              size="small"
              severity="secondary"
              aria-label={`Remove ${f.name}`}
              onClick={() => props.onRemove?.(f)}
            />
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * The attachments input of a form (a `files` field): the files so far, "Attach file" (several at once; each uploaded
 * and checked by the server as it is chosen) and Remove. The record's Save stores the list.
 */
export function AttachmentsField(props: { id: string; value: unknown; onChange: (v: unknown) => void; max: number }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(0);
  const [errors, setErrors] = useState<string[]>([]);
  const files = Array.isArray(props.value) ? (props.value as StoredFile[]) : [];
  const choose = async (list: FileList | null) => {
    const chosen = [...(list ?? [])].slice(0, Math.max(0, props.max - files.length));
    if (!chosen.length) return;
    setErrors([]);
    setBusy(chosen.length);
    const added: StoredFile[] = [];
    const failed: string[] = [];
    for (const file of chosen) {
      try {
        added.push(await uploadFile(file, 'attachment'));
      } catch (e) {
        failed.push(e instanceof ApiError ? e.detail : `"${file.name}" could not be uploaded`);
      }
      setBusy((n) => n - 1);
    }
    if (input.current) input.current.value = '';
    setErrors(failed);
    if (added.length) props.onChange([...files, ...added]);
  };
  return (
    <div className="attachments-field">
      <AttachmentList files={files} onRemove={(f) => props.onChange(files.filter((x) => x.key !== f.key))} />
      <input
        ref={input}
        id={props.id}
        type="file"
        multiple
        className="visually-hidden"
        accept={UPLOAD_RULES.attachment.types.join(',')}
        onChange={(e) => void choose(e.target.files)}
      />
      <Button
        type="button"
        label={busy ? `Uploading ${busy}…` : 'Attach file'}
        icon="pi pi-paperclip"
        size="small"
        outlined
        loading={busy > 0}
        disabled={files.length >= props.max}
        onClick={() => input.current?.click()}
      />{' '}
      <small className="hint">{`PDF, JPEG or PNG, at most ${UPLOAD_RULES.attachment.maxBytes / 1024 / 1024} MB each; up to ${props.max} files`}</small>
      {errors.map((m) => (
        <small key={m} className="field-error" role="alert">
          {m}
        </small>
      ))}
    </div>
  );
}
