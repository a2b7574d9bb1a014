import type { Domain } from '../registry/entity.js';
import { CRUD_ENTITIES } from '../entities/index.js';
import { API_CONTRACTS } from './contracts.js';
import { PUBLICATION_IMPORT_PATH } from './publication-import.js';
import { REPORTS_PATH } from '../reports/report-catalogue.js';
import { DASHBOARD_PATH } from '../group/dashboard.js';
import { GROUP_CAMPUS_PATH, ROLLUP_PATH } from '../group/group-constants.js';

/** One API Gateway route: a path (with `{id}` style parameters) served by a domain's Lambda. */
export interface ApiRoute {
  path: string;
  domain: Domain;
}

/**
 * Routes that are not generic CRUD: a base path and, where the route takes an id, `base/{id}`.
 * The local app mounts a bespoke router at each base; the CDK stack creates each path as an API route.
 */
export const SPECIAL_ROUTES: ApiRoute[] = [
  { path: '/api/generic-program-outcome/setup', domain: 'configuration' },
  { path: '/api/co-po-matrix', domain: 'curriculum' },
  { path: '/api/co-po-matrix/{course}', domain: 'curriculum' },
  { path: '/api/question-paper', domain: 'assessments' },
  { path: '/api/question-paper/{occasion}', domain: 'assessments' },
  { path: '/api/import', domain: 'curriculum' },
  { path: '/api/import/{kind}', domain: 'curriculum' },
  { path: '/api/marks', domain: 'attainment' },
  { path: '/api/marks/{proxy+}', domain: 'attainment' },
  { path: '/api/import-job', domain: 'attainment' },
  { path: '/api/import-job/{id}', domain: 'attainment' },
  { path: '/api/attainment', domain: 'attainment' },
  { path: '/api/attainment/{proxy+}', domain: 'attainment' },
  { path: '/api/faculty-cv', domain: 'documents' },
  { path: PUBLICATION_IMPORT_PATH, domain: 'documents' },
  { path: `${REPORTS_PATH}/{proxy+}`, domain: 'reports' },
  { path: GROUP_CAMPUS_PATH, domain: 'group' },
  { path: `${GROUP_CAMPUS_PATH}/{id}`, domain: 'group' },
  { path: ROLLUP_PATH, domain: 'group' },
  { path: DASHBOARD_PATH, domain: 'group' },
];

/**
 * Every `/api` route, one per path and domain: the special routes, each path of a route contract (`API_CONTRACTS`),
 * and each CRUD entity's paths. The CDK stack creates one HTTP API route (`ANY`) per entry;
 * the local server mounts the same domain apps, so cloud and local agree.
 */
export function apiRoutes(): ApiRoute[] {
  const crud = CRUD_ENTITIES.flatMap((e) =>
    [e.path, ...(e.aliases ?? [])].flatMap((p) => [
      { path: p, domain: e.domain },
      { path: `${p}/{id}`, domain: e.domain },
    ]),
  );
  const declared = API_CONTRACTS.map((r) => ({ path: r.path, domain: r.domain }));
  const contracts = declared.filter((r, i) => declared.findIndex((x) => x.path === r.path) === i);
  return [...SPECIAL_ROUTES, ...contracts, ...crud];
}

/** The domains that have at least one route (each becomes one Lambda function). */
export function apiDomains(): Domain[] {
  return [...new Set(apiRoutes().map((r) => r.domain))];
}
