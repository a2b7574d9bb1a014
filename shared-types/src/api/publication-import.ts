import { MAX_BODY_BYTES } from './envelope.js';

/**
 * Where a faculty member loads a BibTeX or RIS file into their research publications:
 * `POST /api/Research-Publication/import[?dry_run=1][&faculty=<user id>]`, the file's text as the body
 * (`Content-Type: text/plain`). With `dry_run=1` nothing is written and the answer is the preview; without it the
 * same classification is made again and written. `faculty` is for campus admins importing for a member (default:
 * the signed-in user). Answers 200 `{ message, data: PublicationImportResult }`; 400 with `errors.detail` and
 * `errors.fields.file` for an empty file, one that is neither BibTeX nor RIS, one that cannot be read, or one with more
 * than `MAX_PUBLICATION_IMPORT_ENTRIES` entries; 413 over
 * `MAX_PUBLICATION_IMPORT_BYTES`; 409 when a matched publication was changed meanwhile.
 */
export const PUBLICATION_IMPORT_PATH = '/api/Research-Publication/import';

/** Largest BibTeX or RIS file accepted, in bytes (the API's body limit, 256 KB: some 500 entries with abstracts). */
export const MAX_PUBLICATION_IMPORT_BYTES = MAX_BODY_BYTES;

/** Most entries one file may hold (the preview lists each; a larger bibliography is imported in parts). */
export const MAX_PUBLICATION_IMPORT_ENTRIES = 2000;

/** The file formats read; which one a file is follows from its content (`TY  - ` lines are RIS, `@type{` BibTeX). */
export const PUBLICATION_FILE_FORMATS = ['bibtex', 'ris'] as const;
export type PublicationFileFormat = (typeof PUBLICATION_FILE_FORMATS)[number];

/**
 * What an import does with one entry of the file:
 * - `new`: no publication of the member matches it: created;
 * - `updated`: one matches and some field the file gives differs (`changed_fields`): those fields are replaced;
 * - `unchanged`: one matches and every field the file gives is the same: left alone;
 * - `skipped`: not written (`reason`): not a journal or conference paper, a value the record cannot hold, or the
 *   same publication as an earlier entry of the file.
 */
export const PUBLICATION_IMPORT_STATUSES = ['new', 'updated', 'unchanged', 'skipped'] as const;
export type PublicationImportStatus = (typeof PUBLICATION_IMPORT_STATUSES)[number];

/** One entry of the file, in file order, and what the import does (or did) with it. */
export interface PublicationImportEntry {
  /** Its place in the file, from 1. */
  position: number;
  /** The BibTeX citation key or the RIS `ID`, when the file gives one. */
  key?: string;
  status: PublicationImportStatus;
  /** The paper's title as read (LaTeX turned into plain text); '' when the entry has none. */
  title: string;
  year?: number;
  /** The DOI as it will be stored (`10.xxxx/...`, no `https://doi.org/` prefix). */
  doi?: string;
  /** For `updated`: the wire names of the fields that change (e.g. `paper_title`, `page_no`). */
  changed_fields?: string[];
  /** For `skipped`: a sentence saying why. */
  reason?: string;
  /** What was adjusted to fit the record (e.g. an abstract shortened to 5,000 characters). */
  notes?: string[];
  /** The matched (`updated`, `unchanged`) or, after a write, the created publication's id. */
  id?: string;
}

/** How many entries of the file have each status. */
export type PublicationImportCounts = Record<PublicationImportStatus, number>;

/** The answer of a preview (`dry_run`) or of an import. */
export interface PublicationImportResult {
  format: PublicationFileFormat;
  /** True for a preview: nothing was written. */
  dry_run: boolean;
  /** The user id (profile id) whose publications the entries were matched against and written to. */
  faculty: string;
  entries: PublicationImportEntry[];
  counts: PublicationImportCounts;
}
