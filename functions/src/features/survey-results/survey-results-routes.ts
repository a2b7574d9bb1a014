import type { ItemResponse, SurveyDashboardView, SurveyReportView } from '@attain/shared-types';
import { Hono } from 'hono/tiny';
import { surveyDashboard, surveyReport } from './survey-views.js';
import type { AppEnv } from '../../platform/http/context.js';
import { pathId } from '../../platform/http/path-id.js';

/**
 * `/api/survey-results`, read by every user of the campus:
 * - `GET /dashboard?year=<2025-26>&department=<id>`: `SurveyDashboardView`;
 * - `GET /{survey}`: `SurveyReportView`. Another campus's survey is 404.
 */
export function surveyResultsRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>({ strict: false });
  r.get('/dashboard', async (c) => {
    const year = c.req.query('year')?.slice(0, 9) || undefined;
    const department = c.req.query('department')?.slice(0, 64) || undefined;
    const data: SurveyDashboardView = await surveyDashboard(c.var.scope, year, department);
    return c.json({ data } satisfies ItemResponse<SurveyDashboardView>);
  });
  r.get('/:id', async (c) => {
    const data: SurveyReportView = await surveyReport(c.var.scope, pathId(c, 'id', 'Survey'));
    return c.json({ data } satisfies ItemResponse<SurveyReportView>);
  });
  return r;
}
