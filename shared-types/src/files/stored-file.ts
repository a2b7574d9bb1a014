/**
 * Files people upload (a profile photo, evidence attached to a faculty record): the browser sends them straight to
 * S3 through a presigned POST, the server then checks the object (size, type by its first bytes, key inside the
 * campus's prefix) before any record may name it. docs/design.md "Files"; docs/decisions/0011-faculty-profile-photos-attachments.md.
 */

/** What an upload may be for, in the order messages list them. */
export const UPLOAD_PURPOSES = ['photo', 'attachment'] as const;
/** What an upload is for; each purpose has its own limits (`UPLOAD_RULES`). */
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** A content type the server recognises by the file's first bytes (never by its name or the browser's claim). */
export type FileContentType = 'image/jpeg' | 'image/png' | 'image/webp' | 'application/pdf';

/** Limits of one purpose: the content types allowed and the largest size in bytes. */
export interface UploadRule {
  types: readonly FileContentType[];
  /** Largest object, in bytes. */
  maxBytes: number;
  /** How the limit is said to people ("JPEG, PNG or WebP, at most 2 MB"). */
  says: string;
}

const MB = 1024 * 1024;

/** Photos are JPEG/PNG/WebP of at most 2 MB; attachments PDF/JPEG/PNG of at most 10 MB. */
export const UPLOAD_RULES: Readonly<Record<UploadPurpose, UploadRule>> = {
  photo: { types: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: 2 * MB, says: 'a JPEG, PNG or WebP image of at most 2 MB' },
  attachment: {
    types: ['application/pdf', 'image/jpeg', 'image/png'],
    maxBytes: 10 * MB,
    says: 'a PDF, JPEG or PNG file of at most 10 MB',
  },
};

/** The most attachments one record carries. */
export const MAX_ATTACHMENTS = 10;

/**
 * The S3 key of an upload: `files/<campus>/<owner user id>/<upload id>`. The campus prefix is what the server checks
 * before storing a key; the upload id names the upload's own record of its checks.
 */
export const uploadKey = (campus: string, owner: string, id: string) => `files/${campus}/${owner}/${id}`;

/** A key of the shape `uploadKey` makes (ids are letters, digits and `-`, at most 64 characters each). */
export const UPLOAD_KEY = /^files\/([A-Za-z0-9-]{1,64})\/([A-Za-z0-9-]{1,64})\/([A-Za-z0-9-]{1,64})$/;

/** The parts of an upload key, or undefined when `key` is not one. */
export function parseUploadKey(key: string): { campus: string; owner: string; id: string } | undefined {
  const m = UPLOAD_KEY.exec(key);
  return m ? { campus: m[1], owner: m[2], id: m[3] } : undefined;
}

/**
 * One checked file as a record stores it (a `files` field holds a list of these; a `file` field only the key).
 * `size` in bytes; `content_type` as found from the file's bytes.
 */
export interface StoredFile {
  key: string;
  name: string;
  size: number;
  content_type: FileContentType;
}

/** `POST /api/files/upload-url` body: what is about to be uploaded. */
export interface UploadRequest {
  purpose: UploadPurpose;
  file_name: string;
  /** The browser's idea of the type; the presigned POST requires the same `Content-Type`. */
  content_type: string;
  /** Bytes, as the browser reports them (refused early when over the purpose's limit). */
  size: number;
}

/** `POST /api/files/upload-url` answer: the upload's id and where to POST the file (form `fields` first, then `file`). */
export interface UploadTicket {
  id: string;
  key: string;
  upload: { url: string; fields: Record<string, string> };
}

/** `GET /api/files/{id}/url` answer: a short-lived presigned GET (`expires_in` seconds). */
export interface FileLink {
  url: string;
  expires_in: number;
}

/** Human size: "820 KB", "2.4 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < MB) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}
