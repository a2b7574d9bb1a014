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
  type IdentityProviderSetting,
  IDP_RESPONSE_PATH,
  SAML_ATTRIBUTES,
  SAML_RESPONSE_PATH,
  SIGN_IN_PROVIDER_AUDIT,
  SSO_PROTOCOL_LABELS,
  SSO_SCOPES,
  deleteIdentityProviderRoute,
  emailDomain,
  errorName,
  getIdentityProviderRoute,
  putIdentityProviderRoute,
  ssoLookupRoute,
  PUBLIC_MAIL_DOMAINS,
  samlEntityIdOf,
  type SsoProtocol,
  profile,
  student,
  textOf,
} from '@attain/shared-types';
import { cognitoClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { HttpError, notFound } from '../../platform/lib/errors.js';
import { log } from '../../platform/lib/log.js';
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
 * Creates or changes the campus's provider in the user pool, then lists it on the web app client. OpenID Connect: the
 * issuer (Cognito reads its discovery document), client id and secret (the saved one when none is sent), `SSO_SCOPES`,
 * and the OpenID claims mapped to the pool's attributes. SAML: the metadata URL (Cognito reads it), and
 * `SAML_ATTRIBUTES` mapped. A provider of the other protocol under the same name is taken off the web client and deleted
 * first (Cognito cannot change a provider's type), and put back when the new one is refused.
 * @throws HttpError 400 when no secret is sent and none is saved (OpenID Connect)
 */
async function saveInPool(
  name: string,
  p: { protocol: SsoProtocol; issuer: string; client_id: string; client_secret?: string; metadata_url: string },
): Promise<void> {
  const UserPoolId = config().userPoolId;
  const cognito = cognitoClient();
  const existing = await poolProvider(name);
  const ProviderType = p.protocol === 'saml' ? 'SAML' : 'OIDC';
  const sameType = existing?.ProviderType === ProviderType;
  let ProviderDetails: Record<string, string>;
  let AttributeMapping: Record<string, string>;
  if (p.protocol === 'saml') {
    ProviderDetails = { MetadataURL: p.metadata_url, IDPSignout: 'false' };
    AttributeMapping = { ...SAML_ATTRIBUTES };
  } else {
    // The saved secret serves only a provider that was OpenID Connect already.
    const secret = p.client_secret || (sameType ? existing?.ProviderDetails?.client_secret : undefined);
    if (!secret)
      throw new HttpError(400, 'Please correct the sign-in provider', { client_secret: 'Give the client secret the provider issued' });
    ProviderDetails = {
      client_id: p.client_id,
      client_secret: secret,
      authorize_scopes: SSO_SCOPES,
      oidc_issuer: p.issuer,
      attributes_request_method: 'GET',
    };
    // The names are read for an account made at a first sign-in (`account_domains`).
    AttributeMapping = {
      email: 'email',
      email_verified: 'email_verified',
      given_name: 'given_name',
      family_name: 'family_name',
      name: 'name',
    };
  }
  if (existing && sameType)
    await cognito.send(new UpdateIdentityProviderCommand({ UserPoolId, ProviderName: name, ProviderDetails, AttributeMapping }));
  else if (existing) {
    // Cognito cannot change a provider's type: it is made again, and the old one put back if the new one is refused.
    await listOnWebClient(name, false);
    await cognito.send(new DeleteIdentityProviderCommand({ UserPoolId, ProviderName: name }));
    try {
      await cognito.send(
        new CreateIdentityProviderCommand({ UserPoolId, ProviderName: name, ProviderType, ProviderDetails, AttributeMapping }),
      );
    } catch (e) {
      await cognito
        .send(
          new CreateIdentityProviderCommand({
            UserPoolId,
            ProviderName: name,
            ProviderType: existing.ProviderType,
            ProviderDetails: existing.ProviderDetails,
            AttributeMapping: existing.AttributeMapping,
          }),
        )
        .then(() => listOnWebClient(name, true))
        .catch((again: unknown) =>
          log.error('sign-in provider: the old provider could not be put back', { provider: name, error: errorName(again) }),
        );
      throw e;
    }
  } else
    await cognito.send(
      new CreateIdentityProviderCommand({ UserPoolId, ProviderName: name, ProviderType, ProviderDetails, AttributeMapping }),
    );
  await listOnWebClient(name, true);
}

const view = (p: StoredIdentityProvider | undefined, redirect: string): CampusIdentityProvider | null => {
  if (!p) return null;
  const { campus: _c, link_epoch: _e, ...rest } = p;
  return { ...rest, redirect_uri: redirect };
};

/**
 * The campus's setting as the admins' page reads it: the provider, and what to register for Attain at one, by the user
 * pool domain of the request (`poolDomainUrl`).
 */
function setting(p: StoredIdentityProvider | undefined, requestUrl: string): IdentityProviderSetting {
  const domain = poolDomainUrl(requestUrl);
  const redirect = `${domain}${IDP_RESPONSE_PATH}`;
  return {
    provider: view(p, redirect),
    redirect_uri: redirect,
    saml: { entity_id: samlEntityIdOf(config().userPoolId), acs_url: `${domain}${SAML_RESPONSE_PATH}` },
  };
}

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
  body: {
    name: string;
    protocol?: SsoProtocol;
    issuer?: string;
    client_id?: string;
    client_secret?: string;
    metadata_url?: string;
    domains: string[];
    account_domains?: string[];
  },
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
  const protocol = body.protocol ?? 'oidc';
  // Only the protocol's own fields are kept: a form that changed protocol may still send the other's.
  const saml = protocol === 'saml';
  const fields = {
    protocol,
    issuer: saml ? '' : (body.issuer ?? '').replace(/\/+$/, ''),
    client_id: saml ? '' : (body.client_id ?? ''),
    metadata_url: saml ? (body.metadata_url ?? '') : '',
    domains: body.domains,
  };
  const next: StoredIdentityProvider = {
    campus: scope.campus,
    provider_name: name,
    name: body.name,
    ...fields,
    account_domains: accountDomains,
    updated_by: actor,
    updated_at: new Date().toISOString(),
    // Another protocol, issuer, client, metadata or set of domains: every identity linked before is asked the rule again.
    link_epoch: nextLinkEpoch(before, fields),
  };
  // The domains are claimed first (409 when another campus has one), so a refused save leaves the pool unchanged.
  await putStoredProvider(next, before);
  try {
    await saveInPool(name, { ...fields, client_secret: body.client_secret });
  } catch (e) {
    if (before) await putStoredProvider(before, next);
    else await deleteStoredProvider(next);
    if (e instanceof HttpError) throw e;
    if (errorName(e) === 'InvalidParameterException')
      throw new HttpError(400, 'Please correct the sign-in provider', {
        ...(saml
          ? { metadata_url: 'The user pool could not read SAML metadata at this URL: check it' }
          : { issuer: 'The user pool could not use this issuer and client: check both' }),
      });
    throw e;
  }
  const audited = [
    ['name', 'Name'],
    ['issuer', 'Issuer'],
    ['client_id', 'Client ID'],
    ['metadata_url', 'SAML metadata URL'],
  ] as const;
  const domains = (p?: StoredIdentityProvider) => p?.domains.join(', ');
  const accounts = (p?: StoredIdentityProvider) => p?.account_domains.join(', ') || undefined;
  await appendAudit(scope, {
    action: before ? 'replace' : 'create',
    entity: SIGN_IN_PROVIDER_AUDIT,
    record_id: name,
    record_label: next.name,
    changes: [
      ...(before?.protocol !== next.protocol
        ? [
            {
              field: 'protocol',
              label: 'Protocol',
              old: before && SSO_PROTOCOL_LABELS[before.protocol],
              new: SSO_PROTOCOL_LABELS[next.protocol],
            },
          ]
        : []),
      ...audited
        .filter(([f]) => (before?.[f] || undefined) !== (next[f] || undefined))
        .map(([field, label]) => ({ field, label, old: before?.[field] || undefined, new: next[field] || undefined })),
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
  endpoint(getIdentityProviderRoute, async (c) => setting(await campusProvider(c.var.scope.campus), c.req.url)),
  endpoint(putIdentityProviderRoute, async (c, { body }) =>
    setting(await saveCampusProvider(c.var.scope, c.var.caller.user, body), c.req.url),
  ),
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
