import type { ErrorBody } from '@attain/shared-types';
import { idToken } from './auth';
import { loadingAtom, showPopup, store } from './state';

/** A failed API call: HTTP status, the server's `errors.detail` and per-field messages. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly fields: Record<string, string> = {},
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
 * `errors.detail` in the popup (unless `quiet`) and throws ApiError.
 */
export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, opts: { quiet?: boolean } = {}): Promise<T> {
  store.set(loadingAtom, (n) => n + 1);
  try {
    const token = await idToken();
    const res = await fetch(path, {
      method,
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json().catch(() => ({}))) as T & Partial<ErrorBody>;
    if (!res.ok) {
      const detail = json.errors?.detail ?? `The server answered ${res.status}`;
      if (res.status === 401) onUnauthorized();
      if (!opts.quiet) showPopup('error', detail);
      throw new ApiError(res.status, detail, json.errors?.fields);
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
