import { HttpError } from '../lib/errors.js';
import type { AppContext } from './context.js';

/**
 * Parses the request body as JSON.
 * @throws HttpError 400 for an empty or malformed body, or a content type other than JSON.
 */
export async function readJson(c: AppContext): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) throw new HttpError(400, 'Send the body as JSON (Content-Type: application/json)');
  const text = await c.req.text();
  if (!text.trim()) throw new HttpError(400, 'The request body is empty');
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON');
  }
}

/** One message per bad path of a schema's issues (the first for each path; `_` for the whole value). */
export function schemaFields(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const iss of issues) fields[iss.path.map(String).join('.') || '_'] ??= iss.message;
  return fields;
}
