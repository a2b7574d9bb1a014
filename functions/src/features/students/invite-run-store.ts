import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { INVITE_RUNS_PK, type StudentInviteRun, recordPk, textOf } from '@attain/shared-types';
import { documentClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { readPartition } from '../../platform/store/partition.js';
import { setFields } from '../../platform/store/set-fields.js';
import type { MailSender } from '../mail/index.js';

/**
 * Student invitation runs (issue 43 item 2; docs/decisions/0058): one item per run,
 * `PK = T#<campus>#student-invite-runs`, `SK = <run id>` (a UUIDv7, also the id of the mail the run queues), holding
 * where it stands and what it needs to resume: the roster asked, the site for the links, who asked, the campus claim
 * it holds. While a run is unfinished, `INVITEQ` / `<campus>#<run id>` lists it across campuses, so the local stack
 * resumes it when it starts.
 */
const table = () => config().tableName;
const runKey = (campus: string, run: string) => ({ PK: recordPk(campus, 'student-invite-runs'), SK: run });
const openKey = (campus: string, run: string) => ({ PK: INVITE_RUNS_PK, SK: `${campus}#${run}` });

/** A run as stored: the view, and what the worker needs to resume it. */
export interface StoredInviteRun extends StudentInviteRun {
  /** Where people open Attain (the request's Origin), for the links. */
  site: string;
  sender: MailSender;
  /** Who asked (the audit trail's actor). */
  actor: string;
  /** The campus's claim the run holds (`claimInviteRun`), given back when it ends. */
  claim: string;
  /** The mail id the current attempt names in the logins it writes (a new one each attempt, `runInviteJob`). */
  attempt_mail?: string;
}

/** Writes a new run and its entry in the list of unfinished runs (one TransactWriteItems). */
export async function putInviteRun(campus: string, run: StoredInviteRun): Promise<void> {
  await documentClient().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: table(), Item: { ...runKey(campus, run.id), entityType: 'student-invite-run', ...run } } },
        { Put: { TableName: table(), Item: { ...openKey(campus, run.id), entityType: 'student-invite-open', campus, run: run.id } } },
      ],
    }),
  );
}

/** One run of the campus, read consistently; undefined when there is none of that id. One GetItem. */
export async function getInviteRun(campus: string, run: string): Promise<StoredInviteRun | undefined> {
  const res = await documentClient().send(new GetCommand({ TableName: table(), Key: runKey(campus, run), ConsistentRead: true }));
  if (!res.Item) return undefined;
  const { PK: _pk, SK: _sk, entityType: _e, ...stored } = res.Item;
  return stored as StoredInviteRun;
}

/** The fields of a run the worker changes as it goes. */
export type InviteRunChange = Partial<
  Pick<StoredInviteRun, 'state' | 'total' | 'written' | 'invited' | 'mail' | 'skipped' | 'skipped_more' | 'error' | 'attempt_mail'>
>;

/** An update of a run's `change` and its `updated_at`: the key and expressions of an UpdateItem. */
function runUpdate(campus: string, run: string, change: InviteRunChange) {
  return { TableName: table(), Key: runKey(campus, run), ...setFields({ ...change, updated_at: new Date().toISOString() }) };
}

/** Sets fields of a run and its `updated_at` (one UpdateItem). */
export async function updateInviteRun(campus: string, run: string, change: InviteRunChange): Promise<void> {
  await documentClient().send(new UpdateCommand(runUpdate(campus, run, change)));
}

/** Ends a run (`done` or `failed`, with what it did) and takes it off the list of unfinished runs (one TransactWriteItems). */
export async function endInviteRun(campus: string, run: string, change: InviteRunChange & { state: 'done' | 'failed' }): Promise<void> {
  await documentClient().send(
    new TransactWriteCommand({
      TransactItems: [{ Update: runUpdate(campus, run, change) }, { Delete: { TableName: table(), Key: openKey(campus, run) } }],
    }),
  );
}

/** Every unfinished run across campuses (the local stack resumes them when it starts). One Query per MB. */
export async function unfinishedInviteRuns(): Promise<{ campus: string; run: string }[]> {
  return (await readPartition(INVITE_RUNS_PK)).map((i) => ({ campus: textOf(i.campus), run: textOf(i.run) }));
}
