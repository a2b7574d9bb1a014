import { ResultsJobSchema } from '../../features/course-inputs/results-queue.js';
import { runResultsJob } from '../../features/attainment/results-worker.js';

/** An SQS delivery to Lambda: the parts the worker reads. */
interface SqsEvent {
  Records?: { messageId: string; body: string }[];
}

/**
 * The results worker Lambda: each SQS message is a results job (`ResultsJobSchema`: a course's or a whole program's
 * attainment to compute again and store, `runResultsJob`). A message that is not a job is dropped with a log line; a
 * failure is reported per message, so SQS redelivers only that one (3 times, then the dead-letter queue; meanwhile the
 * next read of the program computes the course itself once the job counts as dead, `QUEUED_GRACE_MS`).
 */
export async function handler(event: SqsEvent): Promise<{ batchItemFailures: { itemIdentifier: string }[] }> {
  const failures: { itemIdentifier: string }[] = [];
  for (const rec of event.Records ?? []) {
    let body: unknown;
    try {
      body = JSON.parse(rec.body);
    } catch {
      body = undefined;
    }
    const job = ResultsJobSchema.safeParse(body);
    if (!job.success) {
      console.warn('course-results: dropped a message that is not a results job');
      continue;
    }
    try {
      await runResultsJob(job.data);
    } catch (e) {
      console.error(`course-results: ${job.data.kind} of ${job.data.campus} stopped:`, e);
      failures.push({ itemIdentifier: rec.messageId });
    }
  }
  return { batchItemFailures: failures };
}
