import {
  CreateUserPoolClientCommand,
  DeleteUserPoolClientCommand,
  ResourceNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  API_KEY_MAX_DAYS,
  API_KEYS_PER_CAMPUS,
  API_KEY_TOKEN_MINUTES,
  API_RESOURCE_SERVER,
  type ApiKey,
  type ApiKeyScope,
  createApiKeyRoute,
  listApiKeysRoute,
  revokeApiKeyRoute,
  DEFAULT_LOCALE,
  formatDate,
  organization,
  todayInIndia,
} from '@attain/shared-types';
import { findRecord } from '../../platform/store/records.js';
import { cognitoClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { HttpError, notFound } from '../../platform/lib/errors.js';
import { poolDomainUrl } from './pool-domain.js';
import { appendAudit } from '../../platform/store/audit-store.js';
import { type StoredApiKey, apiKeyOf, campusApiKeys, keyStatus, putApiKey } from '../../platform/store/api-keys.js';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';

/** The audit trail's name for an API key's entries (its creation, its revoking). */
const API_KEY_AUDIT = 'api-key';

/** The scopes of a key as a token request and the app client name them (`attain/rosters.write`). */
const oauthScopes = (scopes: readonly ApiKeyScope[]) => scopes.map((s) => `${API_RESOURCE_SERVER}/${s}`);

/** An ISO day `days` after `day`. */
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Where a machine exchanges its id and secret for an access token: the user pool's domain in AWS (`TOKEN_URL`, set by
 * the stack), the local server's own `/oauth2/token` on the local stack.
 */
const tokenUrl = (requestUrl: string) => `${poolDomainUrl(requestUrl)}/oauth2/token`;

const view = (k: StoredApiKey, today: string): ApiKey => {
  const { campus: _c, client_deleted: _d, ...rest } = k;
  return { ...rest, status: keyStatus(k, today) };
};

/**
 * Creates the Cognito app client of a key: a secret, the client-credentials grant only, the key's scopes, access
 * tokens of `API_KEY_TOKEN_MINUTES`. Its name carries the campus so the pool's console says whose it is.
 * @returns the client id and secret
 */
async function createKeyClient(campus: string, scopes: readonly ApiKeyScope[]): Promise<{ id: string; secret: string }> {
  const res = await cognitoClient().send(
    new CreateUserPoolClientCommand({
      UserPoolId: config().userPoolId,
      ClientName: `api-key-${campus}`.slice(0, 128),
      GenerateSecret: true,
      AllowedOAuthFlows: ['client_credentials'],
      AllowedOAuthFlowsUserPoolClient: true,
      AllowedOAuthScopes: oauthScopes(scopes),
      AccessTokenValidity: API_KEY_TOKEN_MINUTES,
      TokenValidityUnits: { AccessToken: 'minutes' },
      EnableTokenRevocation: true,
      ExplicitAuthFlows: [],
    }),
  );
  const id = res.UserPoolClient?.ClientId;
  const secret = res.UserPoolClient?.ClientSecret;
  if (!id || !secret) throw new Error('Cognito made an app client with no id or secret');
  return { id, secret };
}

/** Deletes a key's app client; one already gone from the pool is fine (the key stops all the same). */
async function deleteKeyClient(id: string): Promise<void> {
  try {
    await cognitoClient().send(new DeleteUserPoolClientCommand({ UserPoolId: config().userPoolId, ClientId: id }));
  } catch (e) {
    if (!(e instanceof ResourceNotFoundException)) throw e;
  }
}

/** The API key routes (campus admins): list, create (the secret shown once), revoke. */
export const apiKeyRoutes: Endpoint[] = [
  endpoint(listApiKeysRoute, async (c) => {
    const today = todayInIndia();
    const keys = await campusApiKeys(c.var.scope.campus);
    // An expired key's app client is deleted the first time the list sees it expired: it can get no token anyway,
    // and an app client left in the pool counts against the pool's quota and Cognito's machine-to-machine charges.
    for (const k of keys.filter((x) => keyStatus(x, today) === 'expired' && !x.client_deleted)) {
      await deleteKeyClient(k.id);
      await putApiKey({ ...k, client_deleted: true });
    }
    return { data: keys.map((k) => view(k, today)) };
  }),
  endpoint(createApiKeyRoute, async (c, { body }) => {
    const { scope, caller } = c.var;
    const today = todayInIndia();
    const last = addDays(today, API_KEY_MAX_DAYS);
    const real =
      !Number.isNaN(Date.parse(body.expires_on)) && new Date(`${body.expires_on}T00:00:00Z`).toISOString().startsWith(body.expires_on);
    if (!real || body.expires_on < today || body.expires_on > last) {
      // The last allowed day as the campus writes dates.
      const locale = (await findRecord(scope, organization, scope.campus))?.locale ?? DEFAULT_LOCALE;
      throw new HttpError(400, 'Please correct the new API key', {
        expires_on: `Give a day from today to ${API_KEY_MAX_DAYS} days ahead (by ${formatDate(last, locale)})`,
      });
    }
    const active = (await campusApiKeys(scope.campus)).filter((k) => keyStatus(k, today) === 'active');
    if (active.length >= API_KEYS_PER_CAMPUS)
      throw new HttpError(409, `A campus holds at most ${API_KEYS_PER_CAMPUS} active API keys: revoke one it no longer uses first`);
    const scopes = [...new Set(body.scopes)];
    const client = await createKeyClient(scope.campus, scopes);
    const key: StoredApiKey = {
      campus: scope.campus,
      id: client.id,
      name: body.name,
      scopes,
      expires_on: body.expires_on,
      created_by: caller.user,
      created_at: new Date().toISOString(),
    };
    await putApiKey(key);
    await appendAudit(scope, {
      action: 'create',
      entity: API_KEY_AUDIT,
      record_id: key.id,
      record_label: key.name,
      changes: [
        { field: 'name', label: 'Name', new: key.name },
        { field: 'scopes', label: 'Scopes', new: scopes.join(', ') },
        { field: 'expires_on', label: 'Last day', new: key.expires_on },
      ],
    });
    return {
      ...view(key, today),
      client_secret: client.secret,
      token_url: tokenUrl(c.req.url),
      token_scope: oauthScopes(scopes).join(' '),
    };
  }),
  endpoint(revokeApiKeyRoute, async (c, { params }) => {
    const { scope, caller } = c.var;
    const key = await apiKeyOf(params.id, { fresh: true });
    if (!key || key.campus !== scope.campus) throw notFound('API key');
    if (key.revoked_at) return;
    await deleteKeyClient(key.id);
    await putApiKey({ ...key, revoked_at: new Date().toISOString(), revoked_by: caller.user, client_deleted: true });
    await appendAudit(scope, {
      action: 'disable',
      entity: API_KEY_AUDIT,
      record_id: key.id,
      record_label: key.name,
      changes: [{ field: 'status', label: 'Status', old: 'active', new: 'revoked' }],
    });
  }),
];
