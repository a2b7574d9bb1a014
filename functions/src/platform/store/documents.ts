import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import {
  type CampusScope,
  type CoPoMatrix,
  type ImportJob,
  type ImprovementPlanView,
  type MarksMapping,
  type OfflineResults,
  type PaperQuestion,
  type SurveyForm,
  TABLE,
  indexPk,
  recordPk,
  textOf,
} from '@attain/shared-types';
import type { UploadDoc } from './attached-files.js';
import { documentChanges } from './audit-changes.js';
import { auditPut } from './audit-store.js';
import { documentClient } from '../lib/aws.js';
import { config } from '../lib/config.js';
import { HttpError } from '../lib/errors.js';
import { batchGet } from './batch.js';
import { SUMMARY_DOCUMENTS, noteCampusChange } from './campus-changes.js';

/** Stamps the campus's group summaries stale after a write of a kind they count (`SUMMARY_DOCUMENTS`); none otherwise. */
const summaryInputChanged = async (scope: CampusScope, kind: DocumentKind) => {
  if (SUMMARY_DOCUMENTS.has(kind)) await noteCampusChange(scope.campus);
};

/**
 * Documents: records saved and read whole, one item each, keyed by the record they belong to (the CO-PO matrix
 * of a course, the question paper of an occasion). `PK` = `T#<tenant>#<kind>`, `SK` = the owner's id; an optional
 * index (e.g. the course's program) goes to GSI1 so "every matrix of a program" is one Query.
 */
export type DocumentKind =
  | 'co-po-matrix'
  | 'question-paper'
  /** Per occasion: how many students have marks, and the version a grid save must send. */
  | 'marks-sheet'
  /** Per large marks file: status and progress of its import. */
  | 'import-job'
  /** Per course: the action recorded for each student below the threshold on a CO. */
  | 'improvement-plan'
  /** Per uploaded file (photo, attachment): who uploaded it, for what, and what the server found when it checked it. */
  | 'upload'
  /** Per survey: its scale and questions, copied from its template when it was made (`SurveyForm`). */
  | 'survey-form'
  /** Per survey: counts entered from a paper survey (`OfflineResults`). */
  | 'survey-offline'
  /** Per occasion: the column mapping of its last import of another system's export (`MarksMapping`). */
  | 'marks-mapping';

/**
 * The document kinds people edit, whose saves and deletes keep an audit entry. The others are computed by
 * the server (marks-sheet counters, import-job progress, survey forms copied from templates, upload checks) and are
 * not audited.
 */
export const AUDITED_DOCUMENTS: ReadonlySet<DocumentKind> = new Set<DocumentKind>([
  'co-po-matrix',
  'question-paper',
  'improvement-plan',
  'survey-offline',
]);

/** A stored import job: the API's `ImportJob` plus the key its upload was signed for and the sheet version it started from. */
export type ImportJobDoc = Omit<ImportJob, 'id' | 'created_by'> & { created_by: string; key: string; sheet_version?: number };

/**
 * A marks sheet's header (`sheet-claim-store.ts` writes it with UpdateItem): the save that holds it (`writing_by`, until
 * `writing_until`, ISO-8601), whether its last save stored every mark (`complete`; absent on sheets saved before
 * claims), and how many rows that save had (`last_rows`). `sample` marks the demo data's sheets.
 */
export type MarksSheetDoc = {
  occasion: string;
  course: string;
  last_rows?: number;
  writing_by?: string;
  writing_until?: string;
  complete?: boolean;
  sample?: boolean;
  /** The save under way keeps an undo log (`marks-store.ts`): should it die, it is undone, not left half-written. */
  undo_log?: boolean;
  /** When the last save was undone because it died half-way, and how many students it had changed. */
  rolled_back_at?: string;
  rolled_back_rows?: number;
};

/** `T`'s properties as a plain object type (no interface), so a body of that shape is also a `Record<string, unknown>`. */
type Plain<T> = { [P in keyof T]: T[P] };

/**
 * The body each document kind is written with (its only writers are named on the kind): what a read of that kind
 * gives back, so readers use the fields without casting. Bodies are only ever written from checked values.
 */
export interface DocumentBodies {
  /** Written by `saveMatrix` (`coPoMatrixBody`). */
  'co-po-matrix': { course: string; cells: CoPoMatrix['cells'] };
  /** Written by `savePaper` (`questionPaperBody`). */
  'question-paper': { occasion: string; questions: PaperQuestion[] };
  'marks-sheet': MarksSheetDoc;
  'import-job': ImportJobDoc;
  /** Written by the plan's PUT (`improvementPlanBody`); `actions` keyed `<student id>:<co id>`. */
  'improvement-plan': { course: string; year: string; actions: ImprovementPlanView['actions'] };
  upload: Plain<UploadDoc>;
  /** Copied from the survey's template when the survey is saved. */
  'survey-form': Plain<SurveyForm> & { template?: string; course?: string | null };
  'survey-offline': Pick<OfflineResults, 'surveyed' | 'counts'>;
  /** Written by a mapped marks import's save (`importMappedMarks`). */
  'marks-mapping': { occasion: string; mapping: MarksMapping };
}

/** What every stored document carries besides its body: `version` (0 = never saved) and the last save's audit fields. */
export type DocumentMeta = {
  version: number;
  updated_by?: string;
  updated_at?: string;
};

/** A stored document of kind `K`: its body plus `version` and audit fields. */
export type StoredDocument<K extends DocumentKind = DocumentKind> = DocumentBodies[K] & DocumentMeta;

/** The table key of a document (`T#<campus>#<kind>`, the owner's id); `sheet-claim-store.ts` updates marks sheets by it. */
export const documentKey = (scope: CampusScope, kind: DocumentKind, id: string) => ({
  [TABLE.partitionKey]: recordPk(scope.campus, kind),
  [TABLE.sortKey]: id,
});
/**
 * The one place where a stored item becomes a typed document: drops the table's keys. Every item holds a version and
 * the audit fields (`DocumentMeta`), and items of a kind are only ever written with that kind's body
 * (`putDocument` and `overwriteDocument` take `DocumentBodies[K]`), so the item is read as the kind's document.
 */
const strip = <K extends DocumentKind>(_kind: K, item: Record<string, unknown>): StoredDocument<K> => {
  const { PK: _pk, SK: _sk, GSI1PK: _g, GSI1SK: _gs, entityType: _e, ...rest } = item;
  return rest as DocumentMeta as StoredDocument<K>;
};

/** Reads a document; `undefined` when it was never saved. One GetItem. */
export async function getDocument<K extends DocumentKind>(scope: CampusScope, kind: K, id: string): Promise<StoredDocument<K> | undefined> {
  // An id longer than a key may hold names no document (documents are keyed by record ids, at most `id#year`).
  if (id.length > 200) return undefined;
  const res = await documentClient().send(new GetCommand({ TableName: config().tableName, Key: documentKey(scope, kind, id) }));
  return res.Item ? strip(kind, res.Item) : undefined;
}

/**
 * Saves a whole document if its stored version still equals `version` (0: it must not exist yet). The new version is
 * `version + 1`. A kind people edit (`AUDITED_DOCUMENTS`) is read first and saved in one transaction with its audit
 * entry (each changed top-level key, a CO-PO matrix cell by cell); any other kind is one conditional PutItem.
 * @param index optional `{ field, value }` indexed in GSI1 (e.g. `{ field: 'program', value: programId }`)
 * @param cellLabel the audit label of a matrix cell (see `documentChanges`), e.g. `C321.1 → PO3`
 * @throws HttpError 409 when someone saved it in between
 */
export async function putDocument<K extends DocumentKind>(
  scope: CampusScope,
  kind: K,
  id: string,
  version: number,
  body: DocumentBodies[K],
  index?: { field: string; value: string },
  cellLabel?: (row: string, column: string) => string | undefined,
): Promise<StoredDocument<K>> {
  const doc: StoredDocument<K> = { ...body, version: version + 1, updated_by: scope.actor, updated_at: new Date().toISOString() };
  const g = TABLE.globalSecondaryIndexes[0];
  const item = {
    ...documentKey(scope, kind, id),
    entityType: kind,
    ...doc,
    ...(index ? { [g.partitionKey]: indexPk(scope.campus, kind, index.field, index.value), [g.sortKey]: id } : {}),
  };
  const put = {
    TableName: config().tableName,
    Item: item,
    ConditionExpression: version === 0 ? 'attribute_not_exists(PK)' : '#v = :v',
    ExpressionAttributeNames: version === 0 ? undefined : { '#v': 'version' },
    ExpressionAttributeValues: version === 0 ? undefined : { ':v': version },
  };
  const stale = () => new HttpError(409, 'Someone else saved this in the meantime; reload it and try again');
  try {
    if (!AUDITED_DOCUMENTS.has(kind)) await documentClient().send(new PutCommand(put));
    else {
      const old = version === 0 ? undefined : await getDocument(scope, kind, id);
      if (version !== 0 && old?.version !== version) throw stale();
      const audit = auditPut(scope, {
        action: old ? 'replace' : 'create',
        entity: kind,
        record_id: id,
        changes: documentChanges(old, doc, cellLabel),
      });
      await documentClient().send(new TransactWriteCommand({ TransactItems: [{ Put: put }, audit] }));
    }
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException || e instanceof TransactionCanceledException) throw stale();
    throw e;
  }
  await summaryInputChanged(scope, kind);
  return doc;
}

/**
 * Writes a whole document without a version check (results the server computes, job progress): the last write
 * wins. `version` goes up by one from `previous`.
 */
export async function overwriteDocument<K extends DocumentKind>(
  scope: CampusScope,
  kind: K,
  id: string,
  body: DocumentBodies[K],
  previous = 0,
  index?: { field: string; value: string },
): Promise<StoredDocument<K>> {
  const doc: StoredDocument<K> = { ...body, version: previous + 1, updated_by: scope.actor, updated_at: new Date().toISOString() };
  const g = TABLE.globalSecondaryIndexes[0];
  await documentClient().send(
    new PutCommand({
      TableName: config().tableName,
      Item: {
        ...documentKey(scope, kind, id),
        entityType: kind,
        ...doc,
        ...(index ? { [g.partitionKey]: indexPk(scope.campus, kind, index.field, index.value), [g.sortKey]: id } : {}),
      },
    }),
  );
  await summaryInputChanged(scope, kind);
  return doc;
}

/**
 * Deletes a document (no error when there is none). A kind people edit (`AUDITED_DOCUMENTS`) is read first and, when
 * it exists, deleted in one transaction with its audit entry (every key's last value as old).
 */
export async function deleteDocument(scope: CampusScope, kind: DocumentKind, id: string): Promise<void> {
  const del = { TableName: config().tableName, Key: documentKey(scope, kind, id) };
  if (!AUDITED_DOCUMENTS.has(kind)) {
    await documentClient().send(new DeleteCommand(del));
    await summaryInputChanged(scope, kind);
    return;
  }
  const old = await getDocument(scope, kind, id);
  if (!old) return;
  const audit = auditPut(scope, { action: 'delete', entity: kind, record_id: id, changes: documentChanges(old, undefined) });
  try {
    await documentClient().send(new TransactWriteCommand({ TransactItems: [{ Delete: del }, audit] }));
  } catch (e) {
    // Deleted meanwhile by someone else: nothing is left to delete.
    if (!(e instanceof TransactionCanceledException)) throw e;
  }
  await summaryInputChanged(scope, kind);
}

/** Every document of a kind saved with the given index value (GSI1 Query, all pages). */
export async function documentsInScope<K extends DocumentKind>(
  scope: CampusScope,
  kind: K,
  field: string,
  value: string,
): Promise<(StoredDocument<K> & { id: string })[]> {
  const g = TABLE.globalSecondaryIndexes[0];
  const out: (StoredDocument<K> & { id: string })[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await documentClient().send(
      new QueryCommand({
        TableName: config().tableName,
        IndexName: g.indexName,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': g.partitionKey },
        ExpressionAttributeValues: { ':pk': indexPk(scope.campus, kind, field, value) },
        ExclusiveStartKey: start,
      }),
    );
    for (const i of res.Items ?? []) out.push(Object.assign(strip(kind, i), { id: textOf(i[TABLE.sortKey]) }));
    start = res.LastEvaluatedKey;
  } while (start);
  return out;
}

/**
 * Several documents of one kind by their owners' ids, in one BatchGetItem per 100 ids (unprocessed keys retried):
 * e.g. the CO-PO matrices of a curriculum's courses, or the question papers of its occasions.
 * @returns owner id -> document; ids never saved (or of another campus) are absent
 */
export async function getDocuments<K extends DocumentKind>(
  scope: CampusScope,
  kind: K,
  ids: readonly string[],
): Promise<Map<string, StoredDocument<K>>> {
  const unique = [...new Set(ids)].filter((id) => id.length <= 200);
  const found = await batchGet(unique.map((id) => documentKey(scope, kind, id)));
  const pk = recordPk(scope.campus, kind);
  const out = new Map<string, StoredDocument<K>>();
  for (const id of unique) {
    const item = found.get(`${pk}|${id}`);
    if (item) out.set(id, strip(kind, item));
  }
  return out;
}
