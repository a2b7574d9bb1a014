import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  CAMPUS_STATUSES,
  type CampusScope,
  type CampusStatus,
  DEFAULT_ACADEMIC_YEAR_START_MONTH,
  type GroupCampus,
  TABLE,
  organization,
  recordPk,
  textOf,
} from '@attain/shared-types';
import * as z from 'zod/mini';
import { documentClient } from '../lib/aws.js';
import { config } from '../lib/config.js';
import { HttpError } from '../lib/errors.js';
import { log } from '../lib/log.js';
import { findRecord } from './records.js';

/**
 * Groups and their campuses. A group is `T#<group>#group` / `group` (its name); a group's id is the
 * tenant of its administrators, whose own profiles live under it. Each campus has one registration item
 * `T#<campus>#campus-registration` / `campus` (a `GroupCampus` plus its `group`), indexed in GSI1 under
 * `T#<group>#campus` so the group's list is one Query. A campus with no registration (made before groups existed,
 * or by a test) belongs to no group: its users work as before and no group administrator reads it.
 */
const table = () => config().tableName;
const groupKey = (group: string) => ({ [TABLE.partitionKey]: recordPk(group, 'group'), [TABLE.sortKey]: 'group' });
const registrationKey = (campus: string) => ({ [TABLE.partitionKey]: recordPk(campus, 'campus-registration'), [TABLE.sortKey]: 'campus' });
const groupIndexPk = (group: string) => recordPk(group, 'campus');

/**
 * A campus's registration: its group and state (with the list's fields), and a copy of its organization's
 * `academic_year_start_month` (1-12) and `current_academic_year` (`2025-26`, '' when not set), kept by `noteYearStart`
 * so the request that reads the registration also knows the campus's current academic year.
 */
export type CampusRegistration = GroupCampus & { group: string; academic_year_start_month?: number; current_academic_year?: string };

/** A group: the society that subscribes. */
export interface Group {
  id: string;
  name: string;
}

/** Creates a group unless it exists (one conditional PutItem); the operator provisions groups (the seed, tests). */
export async function ensureGroup(group: Group, actor: string): Promise<void> {
  try {
    await documentClient().send(
      new PutCommand({
        TableName: table(),
        Item: { ...groupKey(group.id), entityType: 'group', ...group, created_by: actor, created_at: new Date().toISOString() },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  } catch (e) {
    if (!(e instanceof ConditionalCheckFailedException)) throw e;
  }
}

/** Reads a group; `undefined` when there is none. One GetItem. */
export async function getGroup(id: string): Promise<Group | undefined> {
  const res = await documentClient().send(new GetCommand({ TableName: table(), Key: groupKey(id) }));
  return res.Item ? { id: textOf(res.Item.id), name: textOf(res.Item.name) } : undefined;
}

/** A stored registration, checked on read (docs/design.md "Storage": items are parsed with a schema on read). */
const registrationSchema = z.object({
  id: z.string(),
  group: z.string(),
  name: z.string(),
  status: z.enum(CAMPUS_STATUSES),
  admin_email: z.string(),
  invitation_mail: z.optional(z.string()),
  status_reason: z.optional(z.string()),
  academic_year_start_month: z.optional(z.number()),
  current_academic_year: z.optional(z.string()),
  version: z.number(),
  created_by: z.string(),
  created_at: z.string(),
  updated_by: z.optional(z.string()),
  updated_at: z.optional(z.string()),
});
const toRegistration = (item: Record<string, unknown>): CampusRegistration => registrationSchema.parse(item);

/** Seconds a Lambda instance trusts a campus's registration it read (a disabled campus is refused within this). */
export const REGISTRATION_CACHE_MS = 30_000;
const cache = new Map<string, { at: number; reg: CampusRegistration | undefined }>();

/** Forgets every cached registration (tests that count DynamoDB calls start from a cold instance). */
export function forgetCampusRegistrations(): void {
  cache.clear();
}

/**
 * A campus's registration, read at most once per `REGISTRATION_CACHE_MS` per instance (one GetItem when not cached);
 * `undefined` when the campus belongs to no group.
 */
export async function campusRegistration(campus: string): Promise<CampusRegistration | undefined> {
  const hit = cache.get(campus);
  if (hit && Date.now() - hit.at < REGISTRATION_CACHE_MS) return hit.reg;
  const res = await documentClient().send(new GetCommand({ TableName: table(), Key: registrationKey(campus) }));
  const parsed = res?.Item ? registrationSchema.safeParse(res.Item) : undefined;
  // An item that is not a registration is logged and read as none, so the campus's users keep working.
  if (parsed && !parsed.success) log.error('Unreadable campus registration', { campus });
  const reg = parsed?.success ? parsed.data : undefined;
  cache.set(campus, { at: Date.now(), reg });
  return reg;
}

/** The group's campuses in creation order (one GSI1 Query per MB), each kept as its cached registration. */
export async function groupCampuses(group: string): Promise<CampusRegistration[]> {
  const out: CampusRegistration[] = [];
  let start: Record<string, unknown> | undefined;
  const g = TABLE.globalSecondaryIndexes[0];
  do {
    const res = await documentClient().send(
      new QueryCommand({
        TableName: table(),
        IndexName: g.indexName,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': g.partitionKey },
        ExpressionAttributeValues: { ':pk': groupIndexPk(group) },
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(res.Items ?? []).map(toRegistration));
    start = res.LastEvaluatedKey;
  } while (start);
  // What was just read is as fresh as a registration read alone: kept, so the campuses' current years cost no call.
  for (const reg of out) cache.set(reg.id, { at: Date.now(), reg });
  return out.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/**
 * Registers a new campus in a group, in one transaction that also checks the id is no group's and no other
 * campus's (and has no organization record, so a campus made before groups cannot be taken over; `adopt`, for the
 * operator's seed only, registers a campus that already exists).
 * @throws HttpError 409 (`fields.id`) when the id is taken
 */
export async function registerCampus(
  reg: Omit<CampusRegistration, 'version' | 'created_at'>,
  opts: { adopt?: boolean } = {},
): Promise<CampusRegistration> {
  const item: CampusRegistration = { ...reg, version: 1, created_at: new Date().toISOString() };
  const g = TABLE.globalSecondaryIndexes[0];
  try {
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table(),
              Item: {
                ...registrationKey(reg.id),
                entityType: 'campus-registration',
                [g.partitionKey]: groupIndexPk(reg.group),
                [g.sortKey]: `${item.created_at}#${reg.id}`,
                ...item,
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          { ConditionCheck: { TableName: table(), Key: groupKey(reg.id), ConditionExpression: 'attribute_not_exists(PK)' } },
          ...(opts.adopt
            ? []
            : [
                {
                  ConditionCheck: {
                    TableName: table(),
                    Key: { [TABLE.partitionKey]: recordPk(reg.id, 'organization'), [TABLE.sortKey]: reg.id },
                    ConditionExpression: 'attribute_not_exists(PK)',
                  },
                },
              ]),
        ],
      }),
    );
  } catch (e) {
    if (e instanceof TransactionCanceledException)
      throw new HttpError(409, `The campus id ${reg.id} is already taken: choose another`, { id: 'Already taken' });
    throw e;
  }
  cache.delete(reg.id);
  return item;
}

/** Sets fields of a registration the server keeps (the invitation mail's id). One UpdateItem. */
export async function noteInvitation(campus: string, mailId: string): Promise<void> {
  await documentClient().send(
    new UpdateCommand({
      TableName: table(),
      Key: registrationKey(campus),
      UpdateExpression: 'SET invitation_mail = :m',
      ExpressionAttributeValues: { ':m': mailId },
    }),
  );
  cache.delete(campus);
}

/** A campus's year settings from its organization: start month (1-12) and current academic year, each when set. */
export interface YearSettings {
  month?: number;
  /** The campus's current academic year (`2025-26`) as its administrators set it. */
  year?: string;
}

/** The year settings of campuses without a registration, read at most once per `REGISTRATION_CACHE_MS` per instance. */
const unregisteredYearSettings = new Map<string, { at: number; settings: YearSettings }>();

/**
 * The campus's year settings (`YearSettings`): the copy on its registration (cached with it: no DynamoDB call once
 * the request's scope has read it). A campus without a registration (no group) reads its organization (one GetItem,
 * then cached as a registration is); a registered one whose registration has no copy yet reads it once and keeps it
 * (`noteYearStart`).
 */
export async function campusYearSettings(scope: CampusScope): Promise<YearSettings> {
  const reg = await campusRegistration(scope.campus);
  if (reg?.academic_year_start_month !== undefined && reg.current_academic_year !== undefined)
    return { month: reg.academic_year_start_month, ...(reg.current_academic_year ? { year: reg.current_academic_year } : {}) };
  const hit = unregisteredYearSettings.get(scope.campus);
  if (!reg && hit && Date.now() - hit.at < REGISTRATION_CACHE_MS) return hit.settings;
  const org = await findRecord(scope, organization, scope.campus);
  const settings: YearSettings = {
    ...(org?.academic_year_start_month !== undefined ? { month: org.academic_year_start_month } : {}),
    ...(org?.current_academic_year ? { year: org.current_academic_year } : {}),
  };
  if (reg) await noteYearStart(scope.campus, settings.month ?? DEFAULT_ACADEMIC_YEAR_START_MONTH, settings.year);
  else unregisteredYearSettings.set(scope.campus, { at: Date.now(), settings });
  return settings;
}

/**
 * Keeps the campus's academic-year start month (1-12) and current academic year (none: '') on its registration
 * (`CampusRegistration`), after its organization was saved: one conditional UpdateItem; for a campus without a
 * registration (no group) the settings cached on this instance are forgotten.
 */
export async function noteYearStart(campus: string, month: number, year?: string): Promise<void> {
  unregisteredYearSettings.delete(campus);
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: registrationKey(campus),
        UpdateExpression: 'SET academic_year_start_month = :m, current_academic_year = :y',
        ConditionExpression: 'attribute_exists(#pk)',
        ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
        ExpressionAttributeValues: { ':m': month, ':y': year ?? '' },
      }),
    );
  } catch (e) {
    if (!(e instanceof ConditionalCheckFailedException)) throw e;
  }
  cache.delete(campus);
}

/**
 * Enables or disables a campus of `group` if its stored version is still `version`.
 * @throws HttpError 404 when the campus is not the group's; 409 when stale
 */
export async function setCampusStatus(
  group: string,
  campus: string,
  change: { status: CampusStatus; version: number; reason?: string; actor: string },
): Promise<CampusRegistration> {
  const current = await campusRegistration(campus);
  cache.delete(campus);
  if (!current || current.group !== group) throw new HttpError(404, 'Campus not found in your group');
  try {
    const res = await documentClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: registrationKey(campus),
        UpdateExpression: 'SET #s = :s, #v = #v + :one, updated_by = :by, updated_at = :at, status_reason = :r',
        ConditionExpression: '#v = :v AND #g = :g',
        ExpressionAttributeNames: { '#s': 'status', '#v': 'version', '#g': 'group' },
        ExpressionAttributeValues: {
          ':s': change.status,
          ':v': change.version,
          ':one': 1,
          ':g': group,
          ':by': change.actor,
          ':at': new Date().toISOString(),
          ':r': change.reason ?? '',
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return toRegistration(res.Attributes ?? {});
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException)
      throw new HttpError(409, 'This campus was changed by someone else; reload it and try again');
    throw e;
  } finally {
    cache.delete(campus);
  }
}
