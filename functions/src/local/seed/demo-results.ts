import { type CampusScope, program } from '@attain/shared-types';
import { storedProgramAttainment } from '../../features/attainment/attainment-service.js';
import { listAll } from '../../platform/store/list-all.js';
import { DEMO_CAMPUSES } from './demo-campus.js';

/**
 * Brings every demo program's stored results up to date once the sample data is in, so the first program view after
 * `npm start` reads stored results (3 DynamoDB calls) instead of computing every course. A course whose results are
 * already current is not computed again, so a restart costs one read per program.
 * @returns how many courses were computed, over every campus
 */
export async function seedDemoResults(): Promise<number> {
  let computed = 0;
  for (const campus of DEMO_CAMPUSES) {
    const scope: CampusScope = { campus: campus.tenant, actor: campus.adminEmail, access: 'read-write' };
    for (const p of await listAll(scope, program)) computed += (await storedProgramAttainment(scope, p.id)).recomputed;
  }
  return computed;
}
