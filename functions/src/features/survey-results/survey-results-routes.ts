import { surveyDashboardRoute, surveyReportRoute } from '@attain/shared-types';
import { surveyDashboard, surveyReport } from './survey-views.js';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';
import { pathId } from '../../platform/http/path-id.js';

/**
 * `/api/survey-results`, read by every user of the campus (`surveyDashboardRoute`, `surveyReportRoute`): the dashboard
 * of a year and department, and one survey's report (another campus's survey is 404). The dashboard is listed first,
 * so it wins over `{survey}`.
 */
export const SURVEY_RESULTS_ENDPOINTS: readonly Endpoint[] = [
  endpoint(surveyDashboardRoute, async (c, { query }) => ({
    data: await surveyDashboard(c.var.scope, query.year?.slice(0, 9) || undefined, query.department?.slice(0, 64) || undefined),
  })),
  endpoint(surveyReportRoute, async (c) => ({ data: await surveyReport(c.var.scope, pathId(c, 'survey', 'Survey')) })),
];
