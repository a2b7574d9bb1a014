import type { Domain } from '../registry/entity.js';
import { CRUD_ENTITIES } from '../entities/index.js';

/** One API Gateway route: a path (with `{id}` style parameters) served by a domain's Lambda. */
export interface ApiRoute {
  path: string;
  domain: Domain;
}

/** Routes that are not generic CRUD. */
const SPECIAL_ROUTES: ApiRoute[] = [
  { path: '/api/auth/login', domain: 'auth' },
  { path: '/api/auth/profile', domain: 'auth' },
];

/**
 * Every `/api` route, one per path and domain. The CDK stack creates one HTTP API route (`ANY`) per entry;
 * the local server mounts the same domain apps, so cloud and local agree.
 */
export function apiRoutes(): ApiRoute[] {
  const crud = CRUD_ENTITIES.flatMap((e) => [
    { path: e.path, domain: e.domain },
    { path: `${e.path}/{id}`, domain: e.domain },
  ]);
  return [...SPECIAL_ROUTES, ...crud];
}

/** The domains that have at least one route (each becomes one Lambda function). */
export function apiDomains(): Domain[] {
  return [...new Set(apiRoutes().map((r) => r.domain))];
}
