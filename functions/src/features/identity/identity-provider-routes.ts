import {
  CreateIdentityProviderCommand,
  DeleteIdentityProviderCommand,
  DescribeIdentityProviderCommand,
  DescribeUserPoolClientCommand,
  type IdentityProviderType,
  ResourceNotFoundException,
  UpdateIdentityProviderCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  type CampusIdentityProvider,
  type CampusScope,
  IDP_RESPONSE_PATH,
  SIGN_IN_PROVIDER_AUDIT,
  SSO_SCOPES,
  deleteIdentityProviderRoute,
  emailDomain,
  errorName,
  getIdentityProviderRoute,
  putIdentityProviderRoute,
  ssoLookupRoute,
  PUBLIC_MAIL_DOMAINS,
  profile,
  student,
  textOf,
} from '@attain/shared-types';
import { cognitoClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { HttpError, notFound } from '../../platform/lib/errors.js';
import { appendAudit } from '../../platform/store/audit-store.js';
import { listAll } from '../../platform/store/list-all.js';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';
import { poolDomainUrl } from './pool-domain.js';
import {
  type StoredIdentityProvider,
  campusProvider,
  deleteStoredProvider,
  nextLinkEpoch,
  providerNameOf,
  providerOfDomain,
  putStoredProvider,
} from './identity-provider-store.js';

/** The user pool's provider of `name`, or undefined when it has none. */
async function poolProvider(name: string): Promise<IdentityProviderType | undefined> {
  try {
    const res = await cognitoClient().send(new DescribeIdentityProviderCommand({ UserPoolId: config().userPoolId, ProviderName: name }));
    return res.IdentityProvider;
  } catch (e) {
    if (e instanceof ResourceNotFoundException || errorName(e) === 'ResourceNotFoundException') return undefined;
    throw e;
  }
}

/**
 * Adds `name` to, or removes it from, the web app client's identity providers. UpdateUserPoolClient replaces the
 * client's whole configuration, so the client is read first and written back with only that list changed.
 */
async function listOnWebClient(name: string, listed: boolean): Promise<void> {
  const cognito = cognitoClient();
  const { userPoolId, userPoolClientId } = config();
  const res = await cognito.send(new DescribeUserPoolClientCommand({ UserPoolId: userPoolId, ClientId: userPoolClientId }));
  const client = res.UserPoolClient;
  if (!client) throw new Error('The web app client could not be read');
  const now = client.SupportedIdentityProviders ?? ['COGNITO'];
  const next = listed ? [...new Set([...now, name])] : now.filter((p) => p !== name);
  if (next.length === now.length && next.every((p) => now.includes(p))) return;
  const { ClientSecret: _s, CreationDate: _c, LastModifiedDate: _m, ...settings } = client;
  await cognito.send(
    new UpdateUserPoolClientCommand({ ...settings, UserPoolId: userPoolId, ClientId: userPoolClientId, SupportedIdentityProviders: next }),
  );
}

/**
 * Creates or changes the campus's OpenID Connect provider in the user pool: the issuer (Cognito reads its discovery
 * document), client id and secret (the saved one when none is sent), `SSO_SCOPES`, and the e-mail claims mapped to the
 * pool's attributes; then lists it on the web app client.
 * @throws HttpError 400 when no secret is sent and none is saved
 */
async function saveInPool(name: string, p: { issuer: string; client_id: string; client_secret?: string }): Promise<void> {
  const UserPoolId = config().userPoolId;
  const existing = await poolProvider(name);
  const secret = p.client_secret || existing?.ProviderDetails?.client_secret;
  if (!secret)
    throw new HttpError(400, 'Please correct the sign-in provider', { client_secret: 'Give the client secret the provider issued' });
  const ProviderDetails = {
    client_id: p.client_id,
    client_secret: secret,
    authorize_scopes: SSO_SCOPES,
    oidc_issuer: p.issuer,
    attributes_request_method: 'GET',
  };
  // The names are read for an account made at a first sign-in (`account_domains`).
  const AttributeMapping = {
    email: 'email',
    email_verified: 'email_verified',
    given_name: 'given_name',
    family_name: 'family_name',
    name: 'name',
  };
  if (existing)
    await cognitoClient().send(new UpdateIdentityProviderCommand({ UserPoolId, ProviderName: name, ProviderDetails, AttributeMapping }));
  else
    await cognitoClient().send(
      new CreateIdentityProviderCommand({ UserPoolId, ProviderName: name, ProviderType: 'OIDC', ProviderDetails, AttributeMapping }),
    );
  await listOnWebClient(name, true);
}

const view = (p: StoredIdentityProvider | undefined, redirect: string): CampusIdentityProvider | null => {
  if (!p) return null;
  const { campus: _c, link_epoch: _e, ...rest } = p;
  return { ...rest, redirect_uri: redirect };
};

/**
 * Refuses a claim of a domain the campus does not use: a public mail service's (`PUBLIC_MAIL_DOMAINS`), or one no account
 * of the campus has an address in (its staff's profiles and its students' roster entries). A campus cannot offer its
 * provider to another college's people by claiming their domain unless it has accounts there too (decision 0063).
 * @throws HttpError 400 naming the domains refused
 */
async function assertDomainsUsed(scope: CampusScope, domains: readonly string[]): Promise<void> {
  const publicOnes = domains.filter((d) => PUBLIC_MAIL_DOMAINS.includes(d));
  if (publicOnes.length)
    throw new HttpError(400, 'Please correct the sign-in provider', {
      domains: `${publicOnes.join(', ')} ${publicOnes.length === 1 ? 'is a public mail service' : 'are public mail services'}: give your college's own domains`,
    });
  const [staff, students] = await Promise.all([listAll(scope, profile), listAll(scope, student)]);
  const used = new Set([...staff, ...students].map((r) => emailDomain(textOf(r.email))).filter(Boolean));
  const unused = domains.filter((d) => !used.has(d));
  if (unused.length)
    throw new HttpError(400, 'Please correct the sign-in provider', {
      domains: `No account of this campus has an address in ${unused.join(', ')}: add your people first, then the domain`,
    });
}

/**
 * Sets a campus's provider: its domains claimed (`putStoredProvider`), then the user pool's provider made or changed
 * (`saveInPool`); when the pool refuses, the campus's setting goes back to what it was. Audited on the campus as
 * `sign-in-provider` (the secret as "changed", never its value).
 * @param actor who sets it (the audit's user)
 * @throws HttpError 409 for a domain of another campus; 400 for no secret, or an issuer and client the pool refuses
 */
export async function saveCampusProvider(
  scope: CampusScope,
  actor: string,
  body: { name: string; issuer: string; client_id: string; client_secret?: string; domains: string[]; account_domains?: string[] },
): Promise<StoredIdentityProvider> {
  const name = providerNameOf(scope.campus);
  const accountDomains = [...new Set(body.account_domains ?? [])];
  const strays = accountDomains.filter((d) => !body.domains.includes(d));
  if (strays.length)
    throw new HttpError(400, 'Please correct the sign-in provider', {
      account_domains: `${strays.join(', ')} ${strays.length === 1 ? 'is' : 'are'} not among the e-mail domains above`,
    });
  const before = await campusProvider(scope.campus);
  await assertDomainsUsed(scope, body.domains);
  const issuer = body.issuer.replace(/\/+$/, '');
  const next: StoredIdentityProvider = {
    campus: scope.campus,
    provider_name: name,
    name: body.name,
    issuer,
    client_id: body.client_id,
    domains: body.domains,
    account_domains: accountDomains,
    updated_by: actor,
    updated_at: new Date().toISOString(),
    // Another issuer, client or set of domains: every identity linked before is asked the sign-in rule again.
    link_epoch: nextLinkEpoch(before, { issuer, client_id: body.client_id, domains: body.domains }),
  };
  // The domains are claimed first (409 when another campus has one), so a refused save leaves the pool unchanged.
  await putStoredProvider(next, before);
  try {
    await saveInPool(name, { issuer: next.issuer, client_id: next.client_id, client_secret: body.client_secret });
  } catch (e) {
    if (before) await putStoredProvider(before, next);
    else await deleteStoredProvider(next);
    if (e instanceof HttpError) throw e;
    if (errorName(e) === 'InvalidParameterException')
      throw new HttpError(400, 'Please correct the sign-in provider', {
        issuer: 'The user pool could not use this issuer and client: check both',
      });
    throw e;
  }
  const fields = [
    ['name', 'Name'],
    ['issuer', 'Issuer'],
    ['client_id', 'Client ID'],
  ] as const;
  const domains = (p?: StoredIdentityProvider) => p?.domains.join(', ');
  const accounts = (p?: StoredIdentityProvider) => p?.account_domains.join(', ') || undefined;
  await appendAudit(scope, {
    action: before ? 'replace' : 'create',
    entity: SIGN_IN_PROVIDER_AUDIT,
    record_id: name,
    record_label: next.name,
    changes: [
      ...fields
        .filter(([f]) => before?.[f] !== next[f])
        .map(([field, label]) => ({ field, label, old: before?.[field], new: next[field] })),
      ...(domains(before) !== domains(next)
        ? [{ field: 'domains', label: 'E-mail domains', old: domains(before), new: domains(next) }]
        : []),
      ...(accounts(before) !== accounts(next)
        ? [{ field: 'account_domains', label: 'New accounts for', old: accounts(before), new: accounts(next) }]
        : []),
      ...(body.client_secret ? [{ field: 'client_secret', label: 'Client secret', new: 'Changed (not shown)' }] : []),
    ],
  });
  return next;
}

/** The sign-in provider routes: the campus admins' setting, and the sign-in page's public lookup. */
export const identityProviderRoutes: Endpoint[] = [
  endpoint(getIdentityProviderRoute, async (c) => {
    const redirect = `${poolDomainUrl(c.req.url)}${IDP_RESPONSE_PATH}`;
    return { provider: view(await campusProvider(c.var.scope.campus), redirect), redirect_uri: redirect };
  }),
  endpoint(putIdentityProviderRoute, async (c, { body }) => {
    const next = await saveCampusProvider(c.var.scope, c.var.caller.user, body);
    const redirect = `${poolDomainUrl(c.req.url)}${IDP_RESPONSE_PATH}`;
    return { provider: view(next, redirect), redirect_uri: redirect };
  }),
  endpoint(deleteIdentityProviderRoute, async (c) => {
    const { scope } = c.var;
    const name = providerNameOf(scope.campus);
    const before = await campusProvider(scope.campus);
    if (!before) throw notFound('Sign-in provider');
    await listOnWebClient(name, false);
    try {
      await cognitoClient().send(new DeleteIdentityProviderCommand({ UserPoolId: config().userPoolId, ProviderName: name }));
    } catch (e) {
      if (!(e instanceof ResourceNotFoundException || errorName(e) === 'ResourceNotFoundException')) throw e;
    }
    await deleteStoredProvider(before);
    await appendAudit(scope, {
      action: 'delete',
      entity: SIGN_IN_PROVIDER_AUDIT,
      record_id: name,
      record_label: before.name,
      changes: [{ field: 'domains', label: 'E-mail domains', old: before.domains.join(', ') }],
    });
  }),
  endpoint(ssoLookupRoute, async (_c, { query }) => {
    const found = await providerOfDomain(query.domain);
    return { provider: found ? { name: found.name, identity_provider: found.provider_name } : null };
  }),
];
