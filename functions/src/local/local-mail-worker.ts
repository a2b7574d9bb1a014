import { MAIL_QUEUE_PK } from '@attain/shared-types';
import { readPartition } from '../store/partition.js';
import { LEASE_MS } from '../mail/mail-items.js';
import { type MailJob, enqueueMail, setLocalMailRunner } from '../mail/mail-queue.js';
import { resetSendRate, runMailJob } from '../mail/mail-worker.js';

/** The bulk-mail worker of the local stack: runs queued mails one at a time, in this process. */
export interface LocalMailWorker {
  /** Stops taking jobs and waits for the running one to reach a batch boundary. */
  stop(): Promise<void>;
}

/**
 * Stands in for SQS and the worker Lambda on one machine: `enqueueMail` runs jobs here one after another (as the
 * cloud's reserved concurrency of 1 does), with the same `runMailJob`. SES's Send event reaches the receipts handler
 * before `SendEmail` returns (`ses-events.ts`), so a recipient left `sending` by a killed process was never accepted
 * and is sent again at once (no grace). A job another worker holds is tried again when its lease has run out. At
 * start it resumes every mail left unfinished (the `MAILQ` list), so `kill -9` loses nothing.
 */
export async function startLocalMailWorker(): Promise<LocalMailWorker> {
  resetSendRate();
  let chain: Promise<void> = Promise.resolve();
  let stopping = false;
  const controller = new AbortController();
  const timers = new Set<NodeJS.Timeout>();
  const run = (job: MailJob) => {
    chain = chain.then(async () => {
      if (stopping) return;
      try {
        const end = await runMailJob(job, { inDoubtGraceMs: 0, signal: controller.signal });
        if (end === 'busy') later(job, LEASE_MS + 1000);
      } catch (e) {
        console.error(`mail worker: mail ${job.mail} stopped:`, (e as Error).message);
      }
    });
  };
  const later = (job: MailJob, ms: number) => {
    if (stopping) return;
    if (ms <= 0) return run(job);
    const t = setTimeout(() => {
      timers.delete(t);
      run(job);
    }, ms);
    timers.add(t);
  };
  setLocalMailRunner(later);
  for (const item of await readPartition(MAIL_QUEUE_PK)) await enqueueMail({ campus: String(item.campus), mail: String(item.mail) });
  return {
    async stop() {
      stopping = true;
      controller.abort();
      for (const t of timers) clearTimeout(t);
      setLocalMailRunner(undefined);
      await chain;
    },
  };
}
