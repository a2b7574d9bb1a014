import { RECORD_ID } from '@attain/shared-types';
import * as z from 'zod/mini';
import { runInviteJob } from '../../features/students/student-accounts.js';
import { sqsJobHandler } from './sqs-jobs.js';

/** An invitation run as the queue carries it (`enqueueInviteRun`): the campus and the run, both record ids. */
const INVITE_JOB = z.object({ campus: z.string().check(z.regex(RECORD_ID)), run: z.string().check(z.regex(RECORD_ID)) });

/**
 * The student invitations worker Lambda: each SQS message names one invitation run (`{ campus, run }`), which it does
 * or resumes (`runInviteJob`: the roster read, each chosen student's link written, one mail queued). A message that is
 * not a job is dropped with a log line; a failure is reported per message (`sqsJobHandler`), so SQS redelivers only
 * that one, and the run resumes where its writes stopped, mailing nobody twice.
 */
export const handler = sqsJobHandler({
  service: 'student-invites',
  schema: INVITE_JOB,
  run: runInviteJob,
  describe: (job) => `invitation run ${job.run} of ${job.campus}`,
});
