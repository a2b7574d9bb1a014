/**
 * The single DynamoDB table (docs/design.md "Storage"). The CDK stack and the local bootstrap both build the table
 * from this one definition, so the keys cannot drift apart.
 *
 * Item layout of registry records:
 * - `PK` = `T#<tenant>#<entity>`, `SK` = `<id>`: one partition per campus and record type; lists are one Query.
 * - `PK` = `T#<tenant>#UNIQ`, `SK` = `<entity>#<field>#<value>`: guard items that keep unique fields unique.
 * - `GSI1PK`/`GSI1SK`, `GSI2PK`/`GSI2SK`: the entity's declared `indexes` ("course outcomes of a course",
 *   "courses of a curriculum, by term"): `GSInPK` = `T#<tenant>#<entity>#<field>=<value>`,
 *   `GSInSK` = `<sortBy value>#<id>`.
 */
export const TABLE = {
  /** Logical name; the deployed/local physical name comes from `TABLE_NAME`. */
  defaultName: 'attain',
  partitionKey: 'PK',
  sortKey: 'SK',
  globalSecondaryIndexes: [
    { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
  ],
} as const;

/** The S3 buckets the product uses, by purpose. Physical names come from environment variables. */
export const BUCKETS = {
  /** Photos, attachments and import files (presigned POST/GET only). */
  files: { env: 'FILES_BUCKET', localName: 'attain-files' },
} as const;

/** Key of a registry record's partition. */
export const recordPk = (tenant: string, entity: string) => `T#${tenant}#${entity}`;
/**
 * Partition of one mail's recipients (`SK` = `R#<index, 6 digits>`), each with its status and delivery history,
 * inside its campus. The mail itself is `recordPk(tenant, 'sent-mail')` / `<mail id>`.
 */
export const mailRecipientsPk = (tenant: string, mailId: string) => `T#${tenant}#mail#${mailId}`;
/** Sort key of a mail's recipient number `index` (0-based, in the order given). */
export const mailRecipientSk = (index: number) => `R#${String(index).padStart(6, '0')}`;
/**
 * The partition of unfinished mail jobs across campuses (`SK` = `<campus>#<mail id>`): written with the mail, deleted
 * when its last recipient is handed to SES. The local stack resumes these when it starts (SQS redelivers in AWS).
 */
export const MAIL_QUEUE_PK = 'MAILQ';
/**
 * The partition of unfinished student invitation runs across campuses (`SK` = `<campus>#<run id>`): written with the
 * run, deleted when it ends. The local stack resumes these when it starts (SQS redelivers in AWS).
 */
export const INVITE_RUNS_PK = 'INVITEQ';
/** Partition of a campus's suppression list (addresses that bounced or complained), one item per address. */
export const suppressionPk = (tenant: string) => `T#${tenant}#suppression`;
/** Key of a campus's uniqueness guards partition. */
export const uniquePk = (tenant: string) => `T#${tenant}#UNIQ`;
/** Sort key of one uniqueness guard; values compare case-insensitively. */
export const uniqueSk = (entity: string, field: string, value: unknown) => `${entity}#${field}#${String(value).trim().toLowerCase()}`;

/** Partition key of an entity's secondary-index entry for one field value. */
export const indexPk = (tenant: string, entity: string, field: string, value: unknown) => `T#${tenant}#${entity}#${field}=${String(value)}`;
/** Sort key of an index entry: the sort field's value (numbers zero-padded to sort correctly), then the id. */
export const indexSk = (sortValue: unknown, id: string) =>
  `${typeof sortValue === 'number' ? String(sortValue).padStart(6, '0') : String(sortValue ?? '')}#${id}`;
/** Sort-key prefix that narrows an index Query to one sort-field value. */
export const indexSkPrefix = (sortValue: unknown) => indexSk(sortValue, '');

/** What a record id looks like (UUIDs, or a campus id for singletons); anything else cannot exist. */
export const RECORD_ID = /^[A-Za-z0-9-]{1,64}$/;

/** The fields of one `unique` entry of an entity (a single field or a compound key). */
export const uniqueFields = (entry: string | readonly string[]): readonly string[] => (typeof entry === 'string' ? [entry] : entry);

/**
 * The guard of one `unique` entry for a record: its name (`roll_no`, or `curriculum+roll_no` for a compound key)
 * and value (the parts joined by `|`), or `undefined` when any part is empty (empty values are not claimed).
 */
export function uniqueKey(
  entry: string | readonly string[],
  rec: Readonly<Record<string, unknown>>,
): { name: string; value: string } | undefined {
  const fields = uniqueFields(entry);
  const parts = fields.map((f) => rec[f]);
  if (parts.some((v) => v === undefined || v === null || v === '')) return undefined;
  return { name: fields.join('+'), value: parts.map((v) => String(v)).join('|') };
}
