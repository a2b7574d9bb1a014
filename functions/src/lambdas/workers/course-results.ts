import { ResultsJobSchema } from '../../features/course-inputs/results-job-schema.js';
import { runResultsJob } from '../../features/attainment/results-worker.js';
import { sqsJobHandler } from './sqs-jobs.js';

/**
 * The results worker Lambda: each SQS message is a results job (`ResultsJobSchema`: a course's or a whole program's
 * attainment to compute again and store, or a course's students' own results, `runResultsJob`). A message that is not a job is dropped with a log line; a
 * failure is reported per message (`sqsJobHandler`), so SQS redelivers only that one (3 times, then the dead-letter
 * queue; meanwhile the next read of the program computes the course itself once the job counts as dead,
 * `QUEUED_GRACE_MS`).
 */
export const handler = sqsJobHandler({
  service: 'course-results',
  schema: ResultsJobSchema,
  run: runResultsJob,
  describe: (job) => `${job.kind} ${job.kind === 'program' ? job.program : job.course} of ${job.campus}`,
});
