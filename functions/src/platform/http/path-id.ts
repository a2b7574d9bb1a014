import { RECORD_ID } from '@attain/shared-types';
import { HttpError } from '../lib/errors.js';
import type { AppContext } from './context.js';

/**
 * The record id in path parameter `name`. An id that cannot exist answers 404 like a missing record.
 * @throws HttpError 404 `<label> not found`
 */
export function pathId(c: AppContext, name: string, label: string): string {
  const id = c.req.param(name) ?? '';
  if (!RECORD_ID.test(id)) throw new HttpError(404, `${label} not found`);
  return id;
}
