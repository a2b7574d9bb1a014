import type { Domain } from '../registry/entity.js';
import { CRUD_ENTITIES } from '../entities/index.js';
import { API_CONTRACTS } from './contracts.js';
import type { RouteContract } from './contract.js';

/** One API Gateway route: a path (with `{id}` style parameters) served by a domain's Lambda. */
export interface ApiRoute {
  path: string;
  domain: Domain;
}

/**
 * Every `/api` route, one per path and domain: the declared routes (`API_CONTRACTS`, see `contractRoutes`) and each
 * CRUD entity's paths. The CDK stack creates one HTTP API route (`ANY`) per entry;
 * the local server mounts the same domain apps, so cloud and local agree.
 */
export function apiRoutes(): ApiRoute[] {
  const crud = CRUD_ENTITIES.flatMap((e) =>
    [e.path, ...(e.aliases ?? [])].flatMap((p) => [
      { path: p, domain: e.domain },
      { path: `${p}/{id}`, domain: e.domain },
    ]),
  );
  const routes = [...contractRoutes(crud.map((r) => r.path)), ...crud];
  return routes.filter((r, i) => routes.findIndex((x) => x.path === r.path) === i);
}

/**
 * The API Gateway routes of the declared routes (`API_CONTRACTS`), as few as the cloud needs (each route is
 * CloudFormation resources, under its 500 limit): the contracts under one first segment (`/api/attainment/...`) that
 * one domain serves, with no record type's path there, become `/api/<segment>` and `/api/<segment>/{proxy+}`; any
 * other (a public route, which API Gateway throttles on its own, or one beside a record type's paths) keeps its own
 * path.
 */
function contractRoutes(crudPaths: readonly string[]): ApiRoute[] {
  const segment = (path: string) => path.split('/').slice(0, 3).join('/');
  const exact = (r: RouteContract) =>
    r.public ||
    crudPaths.some((p) => segment(p).toLowerCase() === segment(r.path).toLowerCase()) ||
    API_CONTRACTS.some((x) => segment(x.path) === segment(r.path) && x.domain !== r.domain);
  return API_CONTRACTS.flatMap((r) => {
    if (exact(r)) return [{ path: r.path, domain: r.domain }];
    const base = segment(r.path);
    return [{ path: r.path === base ? base : `${base}/{proxy+}`, domain: r.domain }];
  });
}

/** The domains that have at least one route (each becomes one Lambda function). */
export function apiDomains(): Domain[] {
  return [...new Set(apiRoutes().map((r) => r.domain))];
}
