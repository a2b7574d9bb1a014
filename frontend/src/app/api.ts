import type { ErrorBody, RowError } from '@attain/shared-types';
import { idToken } from './auth';
import { loadingAtom, showPopup, store } from './state';

/** A failed API call: HTTP status, the server's `errors.detail` and per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly fields: Record<string, string> = {},
    /** Row-level problems of an uploaded file. */
    readonly rows: RowError[] = [],
  ) {
    super(detail);
  }
}

/** Called on 401 so the app can return to the sign-in page. */
let onUnauthorized: () => void = () => undefined;
export function setUnauthorizedHandler(fn: () => void): void {
  onUnauthorized = fn;
}

/**
 * Calls the API with the stored token. While it runs the loading overlay shows. A failure shows the server's
 * `errors.detail` in the popup (unless `quiet`) and throws ApiError. With `contentType`, `body` is sent as text.
 */
export async function api<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  opts: { quiet?: boolean; contentType?: string } = {},
): Promise<T> {
  store.set(loadingAtom, (n) => n + 1);
  try {
    const token = await idToken();
    const res = await fetch(path, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'Content-Type': opts.contentType ?? 'application/json' } : {}),
      },
      // A body with its own content type (e.g. a CSV file) goes as it is.
      body: body === undefined ? undefined : opts.contentType ? String(body) : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as T & Partial<ErrorBody>;
    if (!res.ok) {
      const detail = json.errors?.detail ?? `The server answered ${res.status}`;
      if (res.status === 401) onUnauthorized();
      if (!opts.quiet) showPopup('error', detail);
      throw new ApiError(res.status, detail, json.errors?.fields, json.errors?.rows);
    }
    return json;
  } catch (e) {
    if (e instanceof ApiError) throw e;
    const detail = 'The server could not be reached; check your connection and try again';
    if (!opts.quiet) showPopup('error', detail);
    throw new ApiError(0, detail);
  } finally {
    store.set(loadingAtom, (n) => n - 1);
  }
}
