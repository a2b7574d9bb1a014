import { inviteToSurveyRoute, remindSurveyRoute, saveOfflineResultsRoute, surveyHostRoute } from '@attain/shared-types';
import { siteOf } from '../../platform/lib/link-token.js';
import { sanitizeHtml } from '../../platform/lib/sanitize-html.js';
import { inviteToSurvey, remindSurvey } from './survey-invite.js';
import { saveOfflineResults } from './survey-offline.js';
import { surveyHostView } from './survey-host-view.js';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';
import { pathId } from '../../platform/http/path-id.js';

/**
 * `/api/survey-host/{survey}`, as its contracts declare it (campus admins; group administrators read the view):
 * the hosting view, inviting (each invitee's own link, mailed), reminding those who have not answered, and the paper
 * counts (409 when stale). Another campus's survey is 404; faculty 403.
 */
export const SURVEY_HOST_ENDPOINTS: readonly Endpoint[] = [
  endpoint(surveyHostRoute, async (c) => ({ data: await surveyHostView(c.var.scope, pathId(c, 'survey', 'Survey')) })),
  endpoint(inviteToSurveyRoute, async (c, { body }) => {
    const id = pathId(c, 'survey', 'Survey');
    const data = await inviteToSurvey(
      c.var.scope,
      c.var.caller,
      id,
      {
        students: body.students === true,
        groups: body.groups ?? undefined,
        stakeholders: body.stakeholders ?? undefined,
        subject: body.subject || undefined,
        ...(body.message ? { message: sanitizeHtml(body.message) } : {}),
      },
      siteOf(c.req.header('origin'), c.req.url),
    );
    return { message: `Invited ${data.mailed}`, data };
  }),
  endpoint(remindSurveyRoute, async (c) => {
    const id = pathId(c, 'survey', 'Survey');
    const data = await remindSurvey(c.var.scope, c.var.caller, id, siteOf(c.req.header('origin'), c.req.url));
    return { message: `Reminded ${data.mailed}`, data };
  }),
  endpoint(saveOfflineResultsRoute, async (c, { body }) => ({
    message: 'Saved',
    data: await saveOfflineResults(c.var.scope, pathId(c, 'survey', 'Survey'), body),
  })),
];
