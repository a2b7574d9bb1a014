import { type CampusScope, courseCurriculum, program } from '@attain/shared-types';
import { storedProgramAttainment } from '../../features/attainment/attainment-service.js';
import { studentResultsStored } from '../../features/attainment/student-result-store.js';
import { storeStudentResults } from '../../features/attainment/student-results.js';
import { campusCurrentYear } from '../../features/structure/current-year.js';
import { listAll } from '../../platform/store/list-all.js';
import { DEMO_CAMPUSES } from './demo-campus.js';

/**
 * Brings every demo program's stored results (and PO/PSO survey evidence) up to date once the sample data is in, so
 * the first program view after `npm start` reads stored results (3 DynamoDB calls) instead of computing every course.
 * A course whose results are already current is not computed again, so a restart costs one read per program. Each
 * course's students' own results (their pages, `storeStudentResults`) are stored once, the first time; later the
 * results worker keeps them (one GetItem per course on a restart). Each
 * campus's registration gets its year's start month (`campusCurrentYear` keeps it), as saving the organization does.
 * @returns how many courses were computed, over every campus
 */
export async function seedDemoResults(): Promise<number> {
  let computed = 0;
  for (const campus of DEMO_CAMPUSES) {
    const scope: CampusScope = { campus: campus.tenant, actor: campus.adminEmail, access: 'read-write' };
    await campusCurrentYear(scope);
    for (const p of await listAll(scope, program)) computed += (await storedProgramAttainment(scope, p.id)).recomputed;
    // The results worker is not running yet: each course's students' own results are stored here, once.
    for (const c of await listAll(scope, courseCurriculum))
      if (!(await studentResultsStored(scope.campus, c.id))) await storeStudentResults(scope, c.id);
  }
  return computed;
}
