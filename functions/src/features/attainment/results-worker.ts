import { type CampusScope, courseCurriculum, curriculum, program as programEntity } from '@attain/shared-types';
import { type ResultsJob, scheduleResults } from '../course-inputs/index.js';
import { HttpError } from '../../platform/lib/errors.js';
import { getRecord, queryByField } from '../../platform/store/records.js';
import { recomputeCourse } from './attainment-service.js';
import { storeStudentResults } from './student-results.js';

/**
 * Runs one results job (`ResultsJob`, from the results queue):
 * - `course`: the course's results computed again from its inputs and stored;
 * - `program` (its attainment method changed): one `course` job queued per course of the program, so each course is
 *   computed and stored on its own (in parallel by the worker in AWS, one after another on the local stack) and the
 *   program's pages count the courses still updating as they fall (the program's stamp says the recomputation is on
 *   its way until each course's results are newer);
 * - `students`: each student's own results in the course stored for their pages (`storeStudentResults`; a course
 *   deleted since has its students' items removed).
 * A course or program deleted since the job was queued has nothing to compute: the job ends without error.
 * DynamoDB for a program: one GetItem, one Query of its curricula and one of courses per curriculum.
 * @throws whatever the store or the queue throws (the queue retries the job)
 */
export async function runResultsJob(job: ResultsJob): Promise<void> {
  const scope: CampusScope = { campus: job.campus, actor: job.actor, access: 'read-write' };
  try {
    if (job.kind === 'course') await recomputeCourse(scope, job.course);
    else if (job.kind === 'students') await storeStudentResults(scope, job.course);
    else if (job.kind === 'program') {
      const prog = await getRecord(scope, programEntity, job.program);
      for (const cur of await queryByField(scope, curriculum, 'program', prog.id))
        for (const c of await queryByField(scope, courseCurriculum, 'curriculum', cur.id))
          await scheduleResults(scope, { kind: 'course', program: prog.id, course: c.id });
    }
  } catch (e) {
    if (!(e instanceof HttpError && e.status === 404)) throw e;
  }
}
