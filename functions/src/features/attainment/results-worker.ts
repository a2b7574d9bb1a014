import type { CampusScope } from '@attain/shared-types';
import type { ResultsJob } from '../course-inputs/index.js';
import { HttpError } from '../../platform/lib/errors.js';
import { programAttainment, recomputeCourse } from './attainment-service.js';

/**
 * Runs one results job (`ResultsJob`, from the results queue): a course's results computed again and stored, or every
 * course of a program (`programAttainment` with `store`). A course or program deleted since the job was queued has
 * nothing to compute: the job ends without error.
 * @throws whatever the store throws (the queue retries the job)
 */
export async function runResultsJob(job: ResultsJob): Promise<void> {
  const scope: CampusScope = { campus: job.campus, actor: job.actor, access: 'read-write' };
  try {
    if (job.kind === 'course') await recomputeCourse(scope, job.course);
    else if (job.kind === 'program') await programAttainment(scope, job.program, { store: true });
  } catch (e) {
    if (!(e instanceof HttpError && e.status === 404)) throw e;
  }
}
