/**
 * The HTTP API contract (docs/design.md "HTTP API contract").
 * - list: `{ data: [...], next: cursor | null }`
 * - create: 201 `{ message: 'successfully created', data }`
 * - errors: `{ errors: { detail, fields? , requestId? } }` with 400, 401, 403, 404, 409, 413, 429 or 500.
 */
export interface ListResponse<T> {
  data: T[];
  /** Opaque cursor for the next page, or null on the last page. Pass it back as `?next=`. */
  next: string | null;
}
export interface ItemResponse<T> {
  data: T;
  message?: string;
}
export interface ErrorBody {
  errors: {
    /** A sentence a person can read. */
    detail: string;
    /** Per-field messages, keyed by wire field name (e.g. `{ short_name: 'Too Long!' }`). */
    fields?: Record<string, string>;
    /** Row-level problems of an uploaded file; nothing was written. */
    rows?: RowError[];
    /** Present on 500s: quote it when reporting the problem. */
    requestId?: string;
  };
}
/** Largest JSON body the API accepts, in bytes (413 beyond it). */
export const MAX_BODY_BYTES = 256 * 1024;
/** Rows per list page. */
export const PAGE_SIZE = 100;
/** Largest page a client may ask for with `?limit=` (DynamoDB still stops a page at 1 MB). */
export const MAX_PAGE_SIZE = 1000;

/** One problem in one row of an uploaded file: `row` is the line number a spreadsheet shows (header = 1). */
export interface RowError {
  row: number;
  field: string;
  message: string;
}
