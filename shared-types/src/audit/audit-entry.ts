/**
 * The audit trail (docs/design.md "The audit trail": who changed what, with old and new values, for every
 * write). Every create, replace and delete of a record, a document (CO-PO matrix, question paper, ...), marks and the
 * attainment method, and every freeze and unfreeze, keeps one entry: who, when, and each changed field's old and new
 * value. Entries are written by the server in the same transaction as the change where the store allows it, and no
 * route edits or deletes them.
 */

/** `GET /api/audit?user=&entity=&from=&to=&cursor=`: the campus's entries, newest first (admins). */
export const AUDIT_PATH = '/api/audit';
/** `GET /api/audit/history/{entity}/{id}`: one record's (or document's) entries, newest first. */
export const AUDIT_HISTORY_PATH = '/api/audit/history';

/**
 * What an entry records; `invite` and `set-password` are a user account's invitation and its use (or a reset link's),
 * `forgot-password` a reset link mailed at the person's request, `disable`, `enable` and `remove` an admin ending or
 * restoring its access (`USER_ACCOUNT_AUDIT`), `link` an account's first sign-in through its college's provider.
 */
export const AUDIT_ACTIONS = [
  'create',
  'replace',
  'delete',
  'freeze',
  'unfreeze',
  'invite',
  'set-password',
  'forgot-password',
  'disable',
  'enable',
  'remove',
  'link',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One changed field: its name on the wire, its label, and the values before and after (absent: none). */
export interface AuditChange {
  field: string;
  label?: string;
  old?: unknown;
  new?: unknown;
}

/**
 * One audit entry. `entity` is a record type name (`course-outcome`), a document kind (`co-po-matrix`), `marks` (id:
 * the occasion) or `attainment-freeze` (id: `<program>#<academic year>`).
 */
export interface AuditEntry {
  id: string;
  /** ISO-8601 UTC time of the change. */
  at: string;
  /** The signed-in user's e-mail (the scope's actor). */
  user: string;
  action: AuditAction;
  entity: string;
  record_id: string;
  /** A readable name of the record when the change was made (its title, code or name). */
  record_label?: string;
  changes: AuditChange[];
  /** How many further changes were left out of `changes` to keep the entry under DynamoDB's item size. */
  truncated?: number;
  /** Why (an unfreeze's reason, a campus's disabling). */
  reason?: string;
}

/** At most this many changes are kept per entry; the rest are counted in `truncated`. */
export const MAX_AUDIT_CHANGES = 200;

/** The audit kind of taking an address off a campus's suppression list (id: the address). */
export const SUPPRESSION_AUDIT_KIND = 'mail-suppression';
/** The audit kind of a queued mail, invitations included (id: the mail). */
export const SENT_MAIL_AUDIT_KIND = 'sent-mail';
/** The audit kind of a confirmed upload (a photo or an attachment; id: the upload). */
export const UPLOAD_AUDIT_KIND = 'upload';

/** The audit `entity` of a campus's sign-in provider (`record_id`: the user pool's provider name). */
export const SIGN_IN_PROVIDER_AUDIT = 'sign-in-provider';

/**
 * What is audited besides registry records, by `entity` name, with the label people read: documents people edit,
 * an occasion's marks, attainment freezes, mail sent, uploads and suppression-list removals.
 */
export const AUDIT_OTHER_KINDS: readonly { name: string; label: string }[] = [
  { name: 'marks', label: 'Marks' },
  { name: 'co-po-matrix', label: 'CO-PO matrix' },
  { name: 'question-paper', label: 'Question paper' },
  { name: 'improvement-plan', label: 'Improvement plan' },
  { name: 'survey-offline', label: 'Offline survey results' },
  { name: 'attainment-freeze', label: 'Attainment freeze' },
  { name: SUPPRESSION_AUDIT_KIND, label: 'Suppression list' },
  { name: SENT_MAIL_AUDIT_KIND, label: 'Mail sent' },
  { name: UPLOAD_AUDIT_KIND, label: 'File upload' },
  { name: 'user-account', label: 'User account' },
  { name: 'api-key', label: 'API key' },
  { name: SIGN_IN_PROVIDER_AUDIT, label: 'Sign-in provider' },
];

/** The audit `entity` of a user account's invitation and password set through it (`record_id`: the Cognito sub). */
export const USER_ACCOUNT_AUDIT = 'user-account';
