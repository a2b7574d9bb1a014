import * as z from 'zod/mini';
import { body, defineRoute, empty, items } from '../api/contract.js';
import { MESSAGES } from '../registry/messages.js';

/**
 * API keys for a college's machine clients (an ERP, a script): issue 44, item 4; decision 0062. A key is an OAuth 2.0
 * client (a Cognito app client with a secret and the client-credentials grant); the machine exchanges its id and secret
 * at the token URL for an access token and sends it as `Authorization: Bearer <access token>`. What a key reaches is
 * its scopes, each declared on the routes and record types it opens (`keyScope`).
 */

/** The resource server the scopes belong to: a token's `scope` claim names them `attain/<scope>`. */
export const API_RESOURCE_SERVER = 'attain';

/**
 * The scopes a key may hold: `structure.read` reads the campus's academic structure (programs, curricula, courses,
 * terms, occasions, students); `rosters.write` replaces a section's students (`PUT /api/roster`); `marks.write` saves
 * an occasion's marks.
 */
export const API_KEY_SCOPES = ['structure.read', 'rosters.write', 'marks.write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** The scopes that write: a key holding one gets a read-write scope on its campus (`campusScope`). */
export const WRITING_SCOPES: readonly ApiKeyScope[] = ['rosters.write', 'marks.write'];

/** Each scope in people's words, as the API keys page and the API document show it. */
export const API_KEY_SCOPE_LABELS: Readonly<Record<ApiKeyScope, string>> = {
  'structure.read': 'Read the academic structure (programs, curricula, courses, occasions, students)',
  'rosters.write': "Replace a section's students (roster sync)",
  'marks.write': "Save an occasion's marks",
};

/**
 * The scopes named in a space-separated list: a token's `scope` claim (`attain/rosters.write ...`), or with `prefix` ''
 * the authorizer's context (`rosters.write ...`); others are ignored.
 */
export function scopesOfClaim(claim: unknown, prefix = `${API_RESOURCE_SERVER}/`): ApiKeyScope[] {
  if (typeof claim !== 'string') return [];
  return claim
    .split(/\s+/)
    .filter((s) => s.startsWith(prefix))
    .map((s) => s.slice(prefix.length))
    .filter((s): s is ApiKeyScope => (API_KEY_SCOPES as readonly string[]).includes(s));
}

/** The most active keys a campus holds at once (the user pool's app clients are shared by every campus). */
export const API_KEYS_PER_CAMPUS = 10;

/** The longest a key may live: one year (days). */
export const API_KEY_MAX_DAYS = 366;
/** How long an access token of a key is good for (minutes); a revoked or expired key is refused at once whatever it says. */
export const API_KEY_TOKEN_MINUTES = 60;

/** Path of the campus's API keys. */
export const API_KEYS_PATH = '/api/auth/api-keys';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `POST /api/auth/api-keys`: the key's name, its scopes (one or more) and the last day it works (ISO `YYYY-MM-DD`). */
export const apiKeyCreateSchema = z.object({
  name: z
    .string({ error: MESSAGES.required })
    .check(z.trim(), z.minLength(3, 'Give the key a name of 3 characters or more'), z.maxLength(80, 'At most 80 characters')),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: 'Not a scope an API key can hold' }), { error: 'Choose what the key may do' })
    .check(z.minLength(1, 'Choose what the key may do')),
  expires_on: z.string({ error: 'Give the last day the key works' }).check(z.regex(ISO_DAY, 'Give the last day as a date')),
});

/** An API key as the campus's admins see it: never its secret. */
export interface ApiKey {
  /** The OAuth client id the machine sends with its secret. */
  id: string;
  name: string;
  scopes: ApiKeyScope[];
  /** The last day it works (ISO `YYYY-MM-DD`, the campus's calendar day). */
  expires_on: string;
  created_by: string;
  /** ISO timestamp. */
  created_at: string;
  /** ISO timestamp, when revoked. */
  revoked_at?: string;
  revoked_by?: string;
  /** `active`, `expired` (past `expires_on`) or `revoked`. */
  status: 'active' | 'expired' | 'revoked';
}

/** A new key: the one answer that carries its secret (it is not stored by Attain and cannot be shown again). */
export interface ApiKeyCreated extends ApiKey {
  /** The OAuth client secret: shown once. */
  client_secret: string;
  /** Where the machine exchanges its id and secret for an access token (OAuth 2.0 client credentials, HTTP Basic). */
  token_url: string;
  /** The `scope` parameter to ask for: every scope of the key, as the token names them. */
  token_scope: string;
}

/** `GET /api/auth/api-keys` (campus admins): the campus's keys, newest first, revoked and expired ones included. */
export const listApiKeysRoute = defineRoute({
  method: 'GET',
  path: API_KEYS_PATH,
  domain: 'auth',
  summary: "The campus's API keys for machine clients (never their secrets)",
  roles: ['admin'],
  forbidden: 'Only campus administrators manage API keys',
  answer: items('ApiKey'),
  errors: [401, 403],
});

/**
 * `POST /api/auth/api-keys` (campus admins) `{ name, scopes, expires_on }`: creates an OAuth client for a machine,
 * 201 `ApiKeyCreated` with its secret, shown this once; 400 for a name, scope or day refused (a day past, or more than
 * `API_KEY_MAX_DAYS` ahead); 409 when the campus already holds `API_KEYS_PER_CAMPUS` active keys.
 */
export const createApiKeyRoute = defineRoute({
  method: 'POST',
  path: API_KEYS_PATH,
  domain: 'auth',
  summary: 'Create an API key for a machine client (its secret is shown once)',
  roles: ['admin'],
  forbidden: 'Only campus administrators manage API keys',
  body: apiKeyCreateSchema,
  invalid: 'Please correct the new API key',
  answer: body('ApiKeyCreated', 201),
  errors: [400, 401, 403, 409],
});

/**
 * `DELETE /api/auth/api-keys/{id}` (campus admins): revokes a key: its client is deleted, so it gets no new token, and
 * a token it already holds is refused within 30 s (`ACCESS_CACHE_MS`; at once by the server that revoked it). The key
 * stays listed as revoked. 404 for another campus's key or none.
 */
export const revokeApiKeyRoute = defineRoute({
  method: 'DELETE',
  path: `${API_KEYS_PATH}/{id}`,
  domain: 'auth',
  summary: 'Revoke an API key (it stops working at once)',
  roles: ['admin'],
  forbidden: 'Only campus administrators manage API keys',
  answer: empty(),
  errors: [401, 403, 404],
});

/** The API key routes. */
export const API_KEY_ROUTES = [listApiKeysRoute, createApiKeyRoute, revokeApiKeyRoute] as const;
