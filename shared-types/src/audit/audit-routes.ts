import * as z from 'zod/mini';
import { defineRoute, page } from '../api/contract.js';
import { AUDIT_HISTORY_PATH, AUDIT_PATH } from './audit-entry.js';

/** An optional query value (the handler checks it: dates, limits, names). */
const text = z.optional(z.string());

/**
 * `GET /api/audit?user=&entity=&from=&to=&cursor=&limit=`: the campus's audit entries, newest first, one page. Dates
 * `YYYY-MM-DD`, both included (default the last 12 months); `from` not after `to`; 400 (`Please correct the marked
 * filters`) naming each bad filter. Campus admins, and group administrators reading a campus; faculty 403. Read only:
 * no route writes or deletes an entry (other methods answer 405).
 */
export const auditListRoute = defineRoute({
  method: 'GET',
  path: AUDIT_PATH,
  domain: 'utilities',
  summary: "The campus's audit trail, newest first, filtered by user, record type and dates",
  roles: ['admin', 'group-admin'],
  query: z.object({ user: text, entity: text, from: text, to: text, cursor: text, next: text, limit: text }),
  answer: page('AuditEntry'),
  errors: [400, 401, 403],
});

/**
 * `GET /api/audit/history/{entity}/{id}[?cursor=]`: one record's (document's, occasion's marks') entries, newest first.
 * Admins and group administrators read any; faculty only a history of their own records or their courses' work that
 * holds an entry of theirs. A history with no entry (another campus's record) is 404, as for a missing record.
 */
export const recordHistoryRoute = defineRoute({
  method: 'GET',
  path: `${AUDIT_HISTORY_PATH}/{entity}/{id}`,
  domain: 'utilities',
  summary: "One record's audit history, newest first",
  query: z.object({ cursor: text }),
  answer: page('AuditEntry'),
  errors: [401, 404],
});

/** Every audit route. */
export const AUDIT_ROUTES = [auditListRoute, recordHistoryRoute] as const;
