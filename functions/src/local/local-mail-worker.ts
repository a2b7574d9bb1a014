import { MAIL_QUEUE_PK, textOf } from '@attain/shared-types';
import { readPartition } from '../platform/store/partition.js';
import { LEASE_MS } from '../features/mail/mail-items.js';
import type { RecipientItem } from '../features/mail/mail-items.js';
import { RECIPIENT_HEADER, readRecipientRef, recipientRef } from '../features/mail/mail-message.js';
import { getRecipient } from '../features/mail/recipient-store.js';
import { MAIL_TAGS } from '../features/mail/ses-event.js';
import type { SnsEvent } from '../lambdas/workers/mail-receipts.js';
import { sesEventsFor, snsDelivery } from './ses-events.js';
import { type MailJob, enqueueMail, setLocalMailRunner } from '../features/mail/mail-queue.js';
import { type InDoubtAnswer, type MailWorkerOptions, resetSendRate, runMailJob } from '../features/mail/mail-worker.js';
import { setLogCampus } from '../platform/lib/log.js';
import { localInvocation } from './log-output.js';

/** A message as the SES emulator's `GET /store` lists it (the parts read here; `at` in epoch seconds). */
interface StoredMessage {
  messageId: string;
  from?: string;
  subject?: string;
  destination?: { to?: string[] };
  headers?: { name: string; value: string }[];
  at?: number;
}

/** Every message the SES emulator took (its store, kept across restarts); undefined when it does not answer. */
async function storedMessages(sesUrl: string): Promise<StoredMessage[] | undefined> {
  const res = await fetch(`${sesUrl}/store`).catch(() => undefined);
  if (!res?.ok) return undefined;
  return ((await res.json()) as { emails: StoredMessage[] }).emails;
}

/** A stored message's `RECIPIENT_HEADER` value ('' when it has none). */
const refOf = (e: StoredMessage) => e.headers?.find((h) => h.name.toLowerCase() === RECIPIENT_HEADER.toLowerCase())?.value ?? '';

/**
 * Brings every receipt the SES emulator's store can settle to where SES would have taken it (issue: a killed stack
 * loses the delivery events it had not yet published): for each stored message of ours whose recipient still reads
 * `sending` or `sent`, the events SES publishes for it (`sesEventsFor`: Send when the recipient never recorded it (no
 * message id), then delivery, bounce or complaint as the mailbox simulator says), stamped with the time the emulator
 * took the message or the recipient's last recorded event, whichever is later,
 * handed to the receipts handler as SNS would. Run once at start; events already recorded are not recorded twice.
 * @returns how many receipts it settled
 */
export async function reconcileLocalReceipts(
  sesUrl: string,
  emit: (e: SnsEvent) => Promise<unknown>,
  configurationSet: string,
): Promise<number> {
  const emails = (await storedMessages(sesUrl)) ?? [];
  let settled = 0;
  for (const e of emails) {
    const ref = readRecipientRef(refOf(e));
    if (!ref) continue;
    const r = await getRecipient(ref.campus, ref.mailId, ref.index);
    if (!r || (r.status !== 'sending' && r.status !== 'sent')) continue;
    const request = {
      ConfigurationSetName: configurationSet,
      FromEmailAddress: e.from,
      Destination: { ToAddresses: e.destination?.to ?? [r.address] },
      EmailTags: [
        { Name: MAIL_TAGS.campus, Value: ref.campus },
        { Name: MAIL_TAGS.mail, Value: ref.mailId },
        { Name: MAIL_TAGS.recipient, Value: String(ref.index) },
      ],
      Content: { Simple: { Subject: { Data: e.subject } } },
    };
    // The store keeps whole seconds: the events follow what the recipient already recorded, never precede it.
    const at = Math.max((e.at ?? Date.now() / 1000) * 1000, Date.parse(r.status_at ?? '') || 0);
    const { send, later } = sesEventsFor(request, e.messageId, new Date(at));
    // A recipient left `sending` whose Send event was recorded (its message id is known) gets the later events only.
    await emit(snsDelivery(r.status === 'sending' && !r.message_id ? [send, ...later] : later));
    settled++;
  }
  return settled;
}

/**
 * How the local stack runs the mail worker: a recipient left in doubt by a killed process is looked up in the SES
 * emulator's store (`GET <sesUrl>/store`, kept across restarts in the data folder), by the message's
 * `RECIPIENT_HEADER`: found, it is recorded as sent with that message's id; not found, SES never took it, so it is
 * sent now. No grace is needed: the store answers at once.
 * @param sesUrl the emulator's own address (not the events proxy)
 */
export function localMailOptions(sesUrl: string): Pick<MailWorkerOptions, 'inDoubt' | 'inDoubtGraceMs'> {
  return {
    inDoubtGraceMs: 0,
    inDoubt: async (job: MailJob, r: RecipientItem): Promise<InDoubtAnswer> => {
      const emails = await storedMessages(sesUrl);
      if (!emails) return 'unknown';
      const ref = recipientRef(job.campus, job.mail, r.index);
      // Messages sent before the header named the campus carry `<mail>/<index>`.
      const legacy = `${job.mail}/${r.index}`;
      const found = emails.find((e) => refOf(e) === ref || refOf(e) === legacy);
      return found ? { messageId: found.messageId } : 'not-sent';
    },
  };
}

/** The bulk-mail worker of the local stack: runs queued mails one at a time, in this process. */
export interface LocalMailWorker {
  /** Stops taking jobs and waits for the running one to reach a batch boundary. */
  stop(): Promise<void>;
}

/**
 * Stands in for SQS and the worker Lambda on one machine: `enqueueMail` runs jobs here one after another (as the
 * cloud's reserved concurrency of 1 does), with the same `runMailJob`. A recipient left `sending` by a killed process
 * is looked up in the SES emulator's store (`localMailOptions`): sent again only if the emulator never took it. A job
 * another worker holds is tried again when its lease has run out. At start it resumes every mail left unfinished
 * (the `MAILQ` list), so `kill -9` loses nothing and sends nothing twice.
 */
export async function startLocalMailWorker(sesUrl: string): Promise<LocalMailWorker> {
  resetSendRate();
  let chain: Promise<void> = Promise.resolve();
  let stopping = false;
  const controller = new AbortController();
  const timers = new Set<NodeJS.Timeout>();
  const run = (job: MailJob) => {
    chain = chain.then(async () => {
      if (stopping) return;
      // One queue message, one invocation of the worker Lambda: its own request id, the job's campus.
      await localInvocation(`mail worker: mail ${job.mail}`, async () => {
        setLogCampus(job.campus);
        const end = await runMailJob(job, { ...localMailOptions(sesUrl), signal: controller.signal });
        if (end === 'busy') later(job, LEASE_MS + 1000);
      });
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
  for (const item of await readPartition(MAIL_QUEUE_PK)) await enqueueMail({ campus: textOf(item.campus), mail: textOf(item.mail) });
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
