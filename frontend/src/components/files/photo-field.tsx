import { UPLOAD_RULES } from '@attain/shared-types';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useRef, useState } from 'react';
import { ApiError } from '../../app/api';
import { fileLink, uploadFile } from './upload-file';

/** How long a photo's link is reused before a fresh one is asked for (links last 5 minutes). */
const LINK_REUSE_MS = 4 * 60_000;

/**
 * A stored photo shown through its short-lived link (`key` = the upload's S3 key); initials-free grey box while it
 * loads or when there is none.
 */
export function StoredPhoto({ photoKey, alt }: { photoKey?: string | null; alt: string }) {
  const link = useQuery({
    queryKey: ['file-link', photoKey],
    queryFn: () => fileLink(String(photoKey)),
    enabled: Boolean(photoKey),
    staleTime: LINK_REUSE_MS,
    retry: false,
  });
  return (
    <div className="photo-frame">
      {link.data ? (
        <img src={link.data} alt={alt} />
      ) : (
        <i className="pi pi-user" role="img" aria-label={photoKey ? 'Loading photo' : 'No photo'} />
      )}
    </div>
  );
}

/**
 * The photo input of a form (a `file` field for photos): the current photo, "Upload photo" (a real file input, so it
 * works from the keyboard) and "Remove". The new photo is uploaded and checked by the server at once; the form's
 * Update then stores its key.
 */
export function PhotoField(props: { id: string; value: unknown; onChange: (v: unknown) => void; label: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = typeof props.value === 'string' && props.value ? props.value : null;
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      props.onChange((await uploadFile(file, 'photo')).key);
    } catch (e) {
      setError(e instanceof ApiError ? e.detail : 'The photo could not be uploaded');
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  return (
    <div className="photo-field">
      <StoredPhoto photoKey={key} alt={props.label} />
      <div className="photo-actions">
        <input
          ref={input}
          id={props.id}
          type="file"
          className="visually-hidden"
          accept={UPLOAD_RULES.photo.types.join(',')}
          onChange={(e) => void choose(e.target.files?.[0])}
        />
        <Button
          type="button"
          label={busy ? 'Uploading…' : key ? 'Change photo' : 'Upload photo'}
          icon="pi pi-upload"
          size="small"
          outlined
          loading={busy}
          onClick={() => input.current?.click()}
        />
        {key ? (
          <Button
            type="button"
            label="Remove"
            icon="pi pi-times"
            size="small"
            text
            severity="secondary"
            onClick={() => props.onChange('')}
          />
        ) : null}
        <small className="hint">{`JPEG, PNG or WebP, at most ${UPLOAD_RULES.photo.maxBytes / 1024 / 1024} MB`}</small>
        {error ? (
          <small className="field-error" role="alert">
            {error}
          </small>
        ) : null}
      </div>
    </div>
  );
}
