import type { ErrorBody, RowError } from '@attain/shared-types';

/**
 * An error a caller can act on. The app's error handler turns it into the error envelope (docs/design.md "HTTP API contract")
 * `{ errors: { detail, fields } }` with `status`.
 */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 429,
    readonly detail: string,
    readonly fields?: Record<string, string>,
    /** Row-level problems of an uploaded file (1-based data row numbers as a spreadsheet shows them). */
    readonly rows?: RowError[],
  ) {
    super(detail);
  }
}

/** Builds the error envelope body. */
export function errorBody(detail: string, fields?: Record<string, string>, requestId?: string, rows?: RowError[]): ErrorBody {
  return { errors: { detail, ...(fields ? { fields } : {}), ...(rows ? { rows } : {}), ...(requestId ? { requestId } : {}) } };
}

export const notFound = (label: string) => new HttpError(404, `${label} not found`);
export const forbidden = () => new HttpError(403, 'Your role does not allow this action');
