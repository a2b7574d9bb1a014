import { RECORD_ID } from '@attain/shared-types';
import * as z from 'zod/mini';
import { runMailJob } from '../../features/mail/mail-worker.js';
import { takeInviteRuns } from '../../features/students/student-accounts.js';
import { log } from '../../platform/lib/log.js';
import { sqsJobHandler } from './sqs-jobs.js';

/**
 * A queued job as the queue carries it (`queueMailJob` writes it): the campus and the mail, both record ids; with
 * `kind` `student-invites`, the students' invitation run whose mail that id names (decision 0058). Other keys are
 * kept. A Standard Schema (`zod/mini`), which the Powertools parser validates without the full zod.
 */
const MAIL_JOB = z.looseObject({
  campus: z.string().check(z.regex(RECORD_ID)),
  mail: z.string().check(z.regex(RECORD_ID)),
  kind: z.optional(z.literal('student-invites')),
});

/**
 * The log line the stack's in-doubt alarm counts (`MailRecipientsMarkedInDoubt`, a metric filter on
 * `$.markedInDoubt`): recipients a dead worker left `sending` whose Send event never came, marked "not sent again".
 * An ERROR line, so the alarm still counts when the function's log level is raised as far as ERROR.
 */
export const logMarkedInDoubt = (job: { campus: string; mail: string }, recipients: number) =>
  log.error('mail-sender: recipients marked not sent again (in doubt)', {
    campus: job.campus,
    mail: job.mail,
    markedInDoubt: recipients,
  });

// The mail queue also carries the students' invitation runs, each ending in its mail (decision 0058).
takeInviteRuns();

/**
 * The bulk-mail worker Lambda: each SQS message names one mail (`{ campus, mail }`); the worker sends it
 * at SES's rate (`runMailJob`), stopping after 13 minutes of its 15 and queueing the rest as a new message. Reserved
 * concurrency 1 in the stack keeps the whole account under SES's `MaxSendRate`. Records are processed one after the
 * other (`sqsJobHandler`): a message that is not a job is dropped with a log line; a failure is reported per message,
 * so SQS redelivers only that one and the others are not sent twice. A message with `kind` `student-invites` is a
 * students' invitation run, done by `runInviteJob` (registered above).
 */
export const handler = sqsJobHandler({
  service: 'mail-sender',
  schema: MAIL_JOB,
  run: (job) => runMailJob(job, { budgetMs: 13 * 60_000, onMarkedInDoubt: logMarkedInDoubt }),
  describe: (job) => `${job.kind === 'student-invites' ? 'invitation run' : 'mail'} ${job.mail} of ${job.campus}`,
});
