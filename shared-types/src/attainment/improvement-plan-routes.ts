import * as z from 'zod/mini';
import { defineRoute, item } from '../api/contract.js';
import { YEAR_OR_UNDATED, YEAR_FORMAT, yearQuery } from './attainment-routes.js';
import { improvementPlanBody } from './marks-sheet.js';

/**
 * A course's improvement plan (`/api/attainment/improvement-plan/{course}`): served by the `reports` Lambda with the
 * SAR whose "action taken" it is; its own file, so the attainment Lambda does not carry its contracts.
 */
const PLAN_PATH = '/api/attainment/improvement-plan';
/** `GET /api/attainment/improvement-plan/{course}?year=`: students below the threshold per CO and the action recorded for each. */
export const improvementPlanRoute = defineRoute({
  method: 'GET',
  path: `${PLAN_PATH}/{course}`,
  domain: 'reports',
  summary: "A course's students below the attainment threshold per CO, and the actions recorded",
  query: yearQuery,
  invalid: YEAR_FORMAT,
  answer: item('ImprovementPlanView'),
  errors: [400, 401, 403, 404],
});

/** `PUT /api/attainment/improvement-plan/{course}` `{ version, year, actions }`: records the actions (the course's faculty or admins; 409 when stale). */
export const saveImprovementPlanRoute = defineRoute({
  method: 'PUT',
  path: `${PLAN_PATH}/{course}`,
  domain: 'reports',
  summary: "Record a course's improvement actions per CO (send the version you read)",
  body: z.extend(improvementPlanBody, { year: z.string().check(z.refine((v) => YEAR_OR_UNDATED.test(v), 'Not valid')) }),
  invalid: 'Each action needs a description (at most 500 characters) and a status',
  answer: item('ImprovementPlanSaved'),
  errors: [400, 401, 403, 404, 409],
});
