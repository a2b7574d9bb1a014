import type { ErrorBody, HttpMethod, RowError } from '@attain/shared-types';
import { idToken } from './auth';
import { campusHeaders } from './campus-choice';
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

/** Called on 401, with the server's reason, so the app can return to the sign-in page and say why. */
let onUnauthorized: (reason: string) => void = () => undefined;
export function setUnauthorizedHandler(fn: (reason: string) => void): void {
  onUnauthorized = fn;
}

/** How a call shows itself: `quiet` shows no error popup, `background` no loading overlay (a poll). */
export interface ApiOptions {
  quiet?: boolean;
  background?: boolean;
}

/**
 * Calls the API with the stored token (and a group administrator's chosen campus, `X-Campus`). While it runs the
 * loading overlay shows (unless `background`: a poll that refreshes what is already on screen must not cover the page
 * every few seconds). A failure shows the server's `errors.detail` in the popup (unless `quiet`) and throws
 * ApiError. With `contentType`, `body` is sent as text.
 */
export async function api<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  opts: ApiOptions & { contentType?: string } = {},
): Promise<T> {
  const overlay = opts.background ? 0 : 1;
  store.set(loadingAtom, (n) => n + overlay);
  try {
    const token = await idToken();
    const res = await fetch(path, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...campusHeaders(),
        ...(body !== undefined ? { 'Content-Type': opts.contentType ?? 'application/json' } : {}),
      },
      // A body with its own content type (e.g. a CSV file) goes as it is.
      body: body === undefined ? undefined : opts.contentType ? String(body) : JSON.stringify(body),
    });
    const json = (await res.json().catch(() => ({}))) as T & Partial<ErrorBody>;
    if (!res.ok) {
      const detail = json.errors?.detail ?? `The server answered ${res.status}`;
      if (res.status === 401) onUnauthorized(detail);
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
    store.set(loadingAtom, (n) => n - overlay);
  }
}

/** The file name a `Content-Disposition` header gives (`filename*=UTF-8''...` first, else `filename="..."`), if any. */
export function dispositionName(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? /filename=([^;]+)/i.exec(header)?.[1]?.trim();
}

/**
 * GETs a file from the API with the stored token and chosen campus (no loading overlay: the control that asked shows its own
 * progress). On 401 the app returns to the sign-in page.
 * @returns the file and the name the server gave it (`Content-Disposition`), if any
 * @throws ApiError with the server's `errors.detail` (status 0 when the server could not be reached)
 */
export async function apiFile(path: string): Promise<{ blob: Blob; fileName: string | undefined }> {
  let res: Response;
  try {
    const token = await idToken();
    res = await fetch(path, { headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...campusHeaders() } });
  } catch {
    throw new ApiError(0, 'The server could not be reached; check your connection and try again');
  }
  if (!res.ok) {
    const json = (await res.json().catch(() => ({}))) as Partial<ErrorBody>;
    const detail = json.errors?.detail ?? `The server answered ${res.status}`;
    if (res.status === 401) onUnauthorized(detail);
    throw new ApiError(res.status, detail, json.errors?.fields);
  }
  return { blob: await res.blob(), fileName: dispositionName(res.headers.get('content-disposition')) };
}
