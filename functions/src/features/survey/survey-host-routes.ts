import type { ItemResponse, OfflineResults, SurveyHostView, SurveyInviteBody, SurveyMailResult } from '@attain/shared-types';
import { Hono } from 'hono/tiny';
import { HttpError, forbidden } from '../../platform/lib/errors.js';
import { siteOf } from '../../platform/lib/link-token.js';
import { sanitizeHtml } from '../../platform/lib/sanitize-html.js';
import { inviteToSurvey, remindSurvey } from './survey-invite.js';
import { saveOfflineResults } from './survey-offline.js';
import { surveyHostView } from './survey-host-view.js';
import type { AppContext, AppEnv } from '../../platform/http/context.js';
import { pathId } from '../../platform/http/path-id.js';
import { readJson } from '../../platform/http/read-json.js';
import { isStringArray, objectOrEmpty } from '@attain/shared-types';

/** Hosting is the campus admins' (group administrators read it). @throws HttpError 403 */
function assertHost(c: AppContext, write: boolean) {
  const role = c.var.caller.role;
  if (role === 'admin' || (!write && role === 'group-admin')) return;
  throw forbidden();
}

/** The invite body's fields, checked (`SurveyInviteBody`). @throws HttpError 400 */
function inviteBody(raw: unknown): SurveyInviteBody {
  const b = objectOrEmpty(raw);
  const fields: Record<string, string> = {};
  const list = (k: string) => {
    const v = b[k];
    if (v === undefined || v === null) return undefined;
    if (!isStringArray(v) || !v.every((x) => x.length <= 100) || v.length > 5000) {
      fields[k] = 'Must be a list';
      return undefined;
    }
    return v;
  };
  const text = (k: string, max: number) => {
    const v = b[k];
    if (v === undefined || v === null || v === '') return undefined;
    if (typeof v !== 'string') fields[k] = 'Must be text';
    else if (v.length > max) fields[k] = 'Too Long!';
    return typeof v === 'string' ? v : undefined;
  };
  if (b.students !== undefined && typeof b.students !== 'boolean') fields.students = 'Must be true or false';
  const out: SurveyInviteBody = {
    students: b.students === true,
    groups: list('groups'),
    stakeholders: list('stakeholders'),
    subject: text('subject', 200),
    message: text('message', 20_000),
  };
  if (Object.keys(fields).length) throw new HttpError(400, 'Check the invitation', fields);
  return { ...out, ...(out.message ? { message: sanitizeHtml(out.message) } : {}) };
}

/**
 * `/api/survey-host/{survey}` (shapes in `survey-api.ts`):
 * - `GET /{survey}`: `SurveyHostView` (admins; group administrators read);
 * - `POST /{survey}/invite`: `SurveyInviteBody` -> 201 `SurveyMailResult` (each invitee's own link, mailed);
 * - `POST /{survey}/remind`: -> 201 `SurveyMailResult` (only those who have not answered);
 * - `PUT /{survey}/offline`: `OfflineResultsBody` -> 200 `OfflineResults` (409 when stale).
 * Another campus's survey is 404; faculty 403.
 */
export function surveyHostRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  r.get('/:id', async (c) => {
    assertHost(c, false);
    const data: SurveyHostView = await surveyHostView(c.var.scope, pathId(c, 'id', 'Survey'));
    return c.json({ data } satisfies ItemResponse<SurveyHostView>);
  });
  r.post('/:id/invite', async (c) => {
    assertHost(c, true);
    const id = pathId(c, 'id', 'Survey');
    const data: SurveyMailResult = await inviteToSurvey(
      c.var.scope,
      c.var.caller,
      id,
      inviteBody(await readJson(c)),
      siteOf(c.req.header('origin'), c.req.url),
    );
    return c.json({ message: `Invited ${data.mailed}`, data } satisfies ItemResponse<SurveyMailResult>, 201);
  });
  r.post('/:id/remind', async (c) => {
    assertHost(c, true);
    const id = pathId(c, 'id', 'Survey');
    const data: SurveyMailResult = await remindSurvey(c.var.scope, c.var.caller, id, siteOf(c.req.header('origin'), c.req.url));
    return c.json({ message: `Reminded ${data.mailed}`, data } satisfies ItemResponse<SurveyMailResult>, 201);
  });
  r.put('/:id/offline', async (c) => {
    assertHost(c, true);
    const data: OfflineResults = await saveOfflineResults(c.var.scope, pathId(c, 'id', 'Survey'), await readJson(c));
    return c.json({ message: 'Saved', data } satisfies ItemResponse<OfflineResults>);
  });
  return r;
}
