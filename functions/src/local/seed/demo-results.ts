import { type CampusScope, program } from '@attain/shared-types';
import { storedProgramAttainment } from '../../features/attainment/attainment-service.js';
import { campusCurrentYear } from '../../features/structure/current-year.js';
import { listAll } from '../../platform/store/list-all.js';
import { DEMO_CAMPUSES } from './demo-campus.js';

/**
 * Brings every demo program's stored results (and PO/PSO survey evidence) up to date once the sample data is in, so
 * the first program view after `npm start` reads stored results (3 DynamoDB calls) instead of computing every course.
 * A course whose results are already current is not computed again, so a restart costs one read per program. Each
 * campus's registration gets its year's start month (`campusCurrentYear` keeps it), as saving the organization does.
 * @returns how many courses were computed, over every campus
 */
export async function seedDemoResults(): Promise<number> {
  let computed = 0;
  for (const campus of DEMO_CAMPUSES) {
    const scope: CampusScope = { campus: campus.tenant, actor: campus.adminEmail, access: 'read-write' };
    await campusCurrentYear(scope);
    for (const p of await listAll(scope, program)) computed += (await storedProgramAttainment(scope, p.id)).recomputed;
  }
  return computed;
}
