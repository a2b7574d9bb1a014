import {
  type CampusScope,
  type EntityDef,
  type FileContentType,
  type StoredFile,
  TABLE,
  type UploadPurpose,
  parseUploadKey,
  objectOrEmpty,
  textOf,
} from '@attain/shared-types';
import { HttpError } from '../lib/errors.js';
import { type TableKey, batchGet } from './batch.js';
import { documentKey } from './documents.js';

/** A stored upload document: the upload's purpose, key and, once confirmed, what its bytes are. */
export interface UploadDoc {
  purpose: UploadPurpose;
  /** The uploader's user id (Cognito `sub`), as in the key. */
  owner: string;
  key: string;
  name: string;
  status: 'waiting' | 'ready';
  size?: number;
  content_type?: FileContentType;
  created_by: string;
}

/** The file keys a `file` or `files` field's value names. */
const keysOf = (v: unknown): string[] =>
  typeof v === 'string' ? [v] : Array.isArray(v) ? v.map((x: unknown) => textOf(objectOrEmpty(x).key)) : [];

/**
 * Who uploaded the files a stored record already names (user ids, from the upload keys): a save that keeps them
 * (an admin approving a section with the owner's evidence, the owner saving one with an admin's) is not refused for
 * files checked when they were attached.
 */
export function uploadersOf(def: EntityDef, record: Readonly<Record<string, unknown>> | undefined): string[] {
  if (!record) return [];
  const owners = def.fields
    .filter((fd) => fd.kind === 'file' || fd.kind === 'files')
    .flatMap((fd) => keysOf(record[fd.name]).flatMap((k) => parseUploadKey(k)?.owner ?? []));
  return [...new Set(owners)];
}

/**
 * Checks the uploads a record names before it is stored (every `file` and `files` field), in one BatchGetItem of
 * their upload documents: each key must be inside the record's campus prefix, uploaded by one of `uploaders` (the
 * record's owner or the person saving it), confirmed (`confirmUpload`), and for the field's purpose (a photo field
 * takes only photos). A `files` entry's name, size and type are replaced by what the server found, never the
 * client's word. Mutates `data`.
 * @param uploaders user ids whose uploads the record may name
 * @throws HttpError 400 `{ field: message }` for a key of another campus, another person, or not confirmed
 */
export async function checkAttachedFiles(
  scope: CampusScope,
  def: EntityDef,
  data: Record<string, unknown>,
  uploaders: readonly string[],
): Promise<void> {
  const fileFields = def.fields.filter(
    (fd) => (fd.kind === 'file' || fd.kind === 'files') && data[fd.name] !== undefined && data[fd.name] !== null,
  );
  if (!fileFields.length) return;
  const errors: Record<string, string> = {};
  // Upload id -> its document's table key, for the keys that name an upload of this campus by an allowed person.
  const wanted = new Map<string, TableKey>();
  for (const fd of fileFields)
    for (const key of keysOf(data[fd.name])) {
      const parts = parseUploadKey(key);
      if (!parts || parts.campus !== scope.campus || !uploaders.includes(parts.owner)) errors[fd.name] ??= 'Not a file uploaded here';
      else wanted.set(parts.id, documentKey(scope, 'upload', parts.id));
    }
  const found = wanted.size ? await batchGet([...wanted.values()]) : new Map<string, Record<string, unknown>>();
  const uploadOf = (key: string): UploadDoc | undefined => {
    const k = wanted.get(parseUploadKey(key)?.id ?? '');
    return k ? (found.get(`${k[TABLE.partitionKey]}|${k[TABLE.sortKey]}`) as UploadDoc | undefined) : undefined;
  };
  for (const fd of fileFields) {
    if (errors[fd.name]) continue;
    const files: StoredFile[] = [];
    for (const key of keysOf(data[fd.name])) {
      const up = uploadOf(key);
      if (!up || up.key !== key || up.status !== 'ready' || !up.content_type || up.size === undefined)
        errors[fd.name] ??= 'The upload was not finished; upload the file again';
      else if (up.purpose !== fd.upload) errors[fd.name] ??= `Not ${fd.upload === 'photo' ? 'a photo' : 'an attachment'}`;
      else files.push({ key, name: up.name, size: up.size, content_type: up.content_type });
    }
    if (fd.kind === 'files' && !errors[fd.name]) data[fd.name] = files;
  }
  if (Object.keys(errors).length) throw new HttpError(400, `Please correct ${Object.keys(errors).join(', ')}`, errors);
}
