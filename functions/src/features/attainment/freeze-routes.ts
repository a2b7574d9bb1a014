import { type FrozenYear, MIN_UNFREEZE_REASON, isAcademicYear, program as programEntity } from '@attain/shared-types';
import { Hono } from 'hono/tiny';
import { approveYear, unfreezeApproval } from './approve-year.js';
import { frozenYearView, listFrozenYears } from '../course-inputs/index.js';
import { HttpError } from '../../platform/lib/errors.js';
import { assertWritable, getRecord } from '../../platform/store/records.js';
import type { AppContext, AppEnv } from '../../platform/http/context.js';
import { pathId } from '../../platform/http/path-id.js';
import { readJson } from '../../platform/http/read-json.js';

/** Only campus admins approve and unfreeze. @throws HttpError 403 */
function assertAdmin(c: AppContext) {
  if (c.var.caller.role !== 'admin') throw new HttpError(403, 'Only campus administrators may approve or unfreeze attainment');
  assertWritable(c.var.scope);
}

/** A JSON object body (anything else reads as an empty object, so each field gets its own message). */
async function objectBody(c: AppContext): Promise<Record<string, unknown>> {
  const body: unknown = await readJson(c);
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
}

/**
 * Frozen results (`/api/attainment/freeze`):
 * - `GET /{program}`: the program's approvals, newest year first, `{ data: FrozenYear[] }` (any reader of the campus);
 * - `POST /{program}` `{ academic_year }` (admins): approves that year, `{ data: FrozenYear }` 201; 400 with
 *   `fields.academic_year` for a malformed year, 404 for a year without results, 409 when already frozen;
 * - `POST /{program}/{year}/unfreeze` `{ reason, version }` (admins): `{ data: FrozenYear }`; 400 with `fields.reason`
 *   for a reason shorter than 10 characters (or `fields.version`), 409 for a stale version.
 * 403 for other roles; 404 for a program not of the campus.
 */
export function freezeRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  r.get('/:program', async (c) => {
    const prog = await getRecord(c.var.scope, programEntity, pathId(c, 'program', 'Program'));
    const data: FrozenYear[] = (await listFrozenYears(c.var.scope, prog.id)).map(frozenYearView);
    return c.json({ data });
  });
  r.post('/:program', async (c) => {
    assertAdmin(c);
    const body = await objectBody(c);
    const year = typeof body.academic_year === 'string' ? body.academic_year.trim() : '';
    if (!isAcademicYear(year))
      throw new HttpError(400, 'The academic year looks like 2025-26', { academic_year: year ? 'Write it as 2025-26' : 'Required' });
    const data = await approveYear(c.var.scope, pathId(c, 'program', 'Program'), year);
    return c.json({ message: `Approved ${year}: its results are frozen`, data }, 201);
  });
  r.post('/:program/:year/unfreeze', async (c) => {
    assertAdmin(c);
    const year = c.req.param('year');
    if (!isAcademicYear(year)) throw new HttpError(400, 'The academic year looks like 2025-26', { year: 'Write it as 2025-26' });
    const body = await objectBody(c);
    const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
    const fields: Record<string, string> = {};
    if (reason.length < MIN_UNFREEZE_REASON) fields.reason = `Give a reason of at least ${MIN_UNFREEZE_REASON} characters`;
    else if (reason.length > 1000) fields.reason = 'At most 1000 characters';
    if (typeof body.version !== 'number' || !Number.isInteger(body.version)) fields.version = 'Required';
    if (Object.keys(fields).length) throw new HttpError(400, 'Unfreezing needs a reason and the version you read', fields);
    const data = await unfreezeApproval(c.var.scope, pathId(c, 'program', 'Program'), year, body.version as number, reason);
    return c.json({ message: `Unfroze ${year}`, data });
  });
  return r;
}
