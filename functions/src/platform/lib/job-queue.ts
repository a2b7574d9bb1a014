import { sqsClient } from './aws.js';

/**
 * How the local stack runs a queue's jobs in-process (there is no SQS on one machine). What it returns is awaited by
 * `enqueue`: a runner that returns the job's promise makes the sender wait for the job, one that schedules it and
 * returns nothing does not.
 * @param delayMs wait before the job starts (ms)
 */
export type LocalJobRunner<J> = (job: J, delayMs: number) => unknown;

/** A work queue: SQS in AWS, a runner the local stack registers on one machine. */
export interface JobQueue<J> {
  /**
   * Hands a job to the queue's worker: an SQS message (SQS keeps it until the worker finishes and redelivers it if the
   * worker dies), or the local runner.
   * @param delaySeconds wait before the worker starts (0-900 s, SQS's limit; clamped)
   * @throws Error when neither a queue URL nor a local runner is configured and the queue is not `optional` (a
   *   deployment fault, never the caller's)
   */
  enqueue(job: J, delaySeconds?: number): Promise<void>;
  /** The local stack registers (or, with undefined, removes) how it runs this queue's jobs in-process. */
  setLocalRunner(runner: LocalJobRunner<J> | undefined): void;
  /** Whether jobs go to SQS (true) or run in this process (false). */
  remote(): boolean;
  /** Whether an enqueued job is run at all: SQS, or a registered local runner (not a script or the seed). */
  runs(): boolean;
}

/**
 * A queue of JSON jobs.
 * @param name what the queue carries, for the error when it is not configured (e.g. `mail`)
 * @param url the queue's SQS URL, read at each use ('' locally)
 * @param opts.optional a job may be dropped when nothing runs the queue (its work is also done on demand, e.g. results
 *   computed when read): `enqueue` then does nothing instead of throwing
 */
export function jobQueue<J>(name: string, url: () => string, opts: { optional?: boolean } = {}): JobQueue<J> {
  let localRunner: LocalJobRunner<J> | undefined;
  return {
    async enqueue(job, delaySeconds = 0) {
      const queueUrl = url();
      const delay = Math.max(0, Math.min(900, Math.round(delaySeconds)));
      if (queueUrl) {
        const { SendMessageCommand } = await import('@aws-sdk/client-sqs');
        await (
          await sqsClient()
        ).send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(job), DelaySeconds: delay }));
      } else if (localRunner) await localRunner(job, delay * 1000);
      else if (!opts.optional) throw new Error(`No ${name} queue: its URL is not set and no local runner is registered`);
    },
    setLocalRunner(runner) {
      localRunner = runner;
    },
    remote: () => Boolean(url()),
    runs: () => Boolean(url()) || localRunner !== undefined,
  };
}
