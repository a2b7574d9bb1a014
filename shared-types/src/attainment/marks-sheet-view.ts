import type { ImportJob, MarksCounts, MarksRow, SheetQuestion, SheetStudent } from './marks-sheet.js';

/**
 * `GET /api/marks/{occasion}` (`{ data: <view> }`): what the marks grid and the template need for one assessment
 * occasion: the occasion and its course, the paper's questions (number, maximum marks, CO code), the roster (by
 * roll number), every stored student row, and the version of the marks sheet (0 = no marks yet; a grid save sends
 * it, stale: 409). Marks are marks; `total_marks` is the occasion's total.
 */
export interface MarksSheetView {
  occasion: { id: string; name: string; kind: string; section?: string; total_marks: number };
  course: { id: string; code?: string; title: string; curriculum?: string; term?: string };
  questions: SheetQuestion[];
  students: SheetStudent[];
  rows: MarksRow[];
  version: number;
  /**
   * The last save of these marks: `saved` (finished), `saving` (under way now: another save waits for it) or
   * `interrupted` (it stopped half-way and could not be undone: a save made before saves were logged) or `undone` (it
   * stopped half-way, e.g. a crashed import, and was undone: the marks are those of before it).
   */
  state: SheetState;
  /** E-mail of who saved the marks last, and when (ISO-8601). */
  updated_by?: string;
  updated_at?: string;
}

/** How the last save of an occasion's marks ended (see `MarksSheetView.state`). */
export type SheetState = 'saved' | 'saving' | 'interrupted' | 'undone';

/**
 * What saving marks did, the `data` of `PUT /api/marks/{occasion}` (grid) and `POST /api/marks/{occasion}/upload`
 * (file; with `?dry_run=true` nothing is written and `written` is absent).
 */
export interface MarksSaveResult extends MarksCounts {
  /** Student rows stored: students with marks plus students marked absent (rows without marks are not stored). */
  rows: number;
  /** Of those, students marked absent. */
  absent: number;
  /** The counts in words (`marksCountText`), e.g. "30 students with marks, 1 absent, 9 without marks: ...". */
  counts_text: string;
  /** Things to know that did not stop the save (e.g. a question with no column keeps its stored marks). */
  notes: string[];
  /** The first rows as stored (a dry run's preview), at most 20. */
  preview: MarksRow[];
  /** DynamoDB items written and BatchWriteItem calls made. */
  written?: { items: number; calls: number };
  /** The marks sheet's version after the save. */
  version: number;
}

/**
 * `POST /api/marks/{occasion}/upload-url { file_name }` (201, `{ data: <ticket> }`): the import job to poll at
 * `GET /api/import-job/{job.id}` and the presigned S3 POST to send the CSV to (form `fields` first, then `file`).
 */
export interface MarksUploadTicket {
  job: ImportJob;
  upload: { url: string; fields: Record<string, string> };
}
