import * as z from 'zod/mini';
import { body, defineRoute, empty } from '../api/contract.js';
import { MESSAGES } from '../registry/messages.js';

/**
 * Sign-in with a college's own accounts (issue 44, item 2; decision 0063): a campus admin names its Google Workspace or
 * Microsoft Entra tenant as an OpenID Connect provider, or any SAML 2.0 identity provider by its metadata URL, with the
 * e-mail domains it answers for. People whose address is in one of those domains and who already have an Attain
 * account at that campus sign in through it; the user pool (Cognito's federation in AWS, the local stack's own pool
 * domain on one machine) and its triggers link the provider's identity to their existing account at the first sign-in
 * and name that account in every token: campus, role and access checks stay as they are.
 */

/** Path of the campus's identity provider (campus admins). */
export const IDENTITY_PROVIDER_PATH = '/api/auth/identity-provider';
/** Path of the public question "does this e-mail domain's college sign in through its own accounts?" (`?domain=`). */
export const SSO_LOOKUP_PATH = '/api/auth/sso';
/** The page the user pool sends the browser back to with its code. */
export const SSO_CALLBACK_PAGE = '/sso/callback';
/** Where a provider sends people back to the user pool: the redirect URI an admin registers at Google or Microsoft. */
export const IDP_RESPONSE_PATH = '/oauth2/idpresponse';
/** Where a SAML provider posts its answer to the user pool: the assertion consumer service URL an admin registers. */
export const SAML_RESPONSE_PATH = '/saml2/idpresponse';
/** The user pool's SAML entity ID (audience), as Cognito names it: `urn:amazon:cognito:sp:<user pool id>`. */
export const samlEntityIdOf = (userPoolId: string): string => `urn:amazon:cognito:sp:${userPoolId}`;
/**
 * The SAML attributes the user pool reads, by the names Microsoft Entra sends by default (WS-Federation's claim types);
 * a Google Workspace SAML app is given the same names in its attribute mapping (`docs/college-sign-in.md`).
 */
export const SAML_ATTRIBUTES = {
  email: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  given_name: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname',
  family_name: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname',
  name: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name',
} as const;
/** How a campus's provider speaks: OpenID Connect (Google Workspace, Microsoft Entra) or SAML 2.0. */
export const SSO_PROTOCOLS = ['oidc', 'saml'] as const;
export type SsoProtocol = (typeof SSO_PROTOCOLS)[number];
/** The protocols as people name them. */
export const SSO_PROTOCOL_LABELS: Readonly<Record<SsoProtocol, string>> = {
  oidc: 'OpenID Connect (Google Workspace, Microsoft Entra)',
  saml: 'SAML 2.0',
};
/** What Attain asks a provider for: who the person is and their e-mail. */
export const SSO_SCOPES = 'openid email profile';
/** The most e-mail domains one campus's provider answers for. */
export const SSO_MAX_DOMAINS = 10;

/**
 * Domains of public mail services, which no campus may claim: their addresses are anyone's, and a claim would offer
 * every such address "Continue with <college>" on the sign-in page.
 */
export const PUBLIC_MAIL_DOMAINS: readonly string[] = [
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'yahoo.co.in',
  'rediffmail.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'zoho.com',
  'zohomail.in',
];

/** An e-mail domain written as people write it: lowercase labels of letters, digits and hyphens, two or more. */
const DOMAIN = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/;

/**
 * Whether an issuer URL is one a provider may have: https, or http on this machine only (the local stack's provider).
 * Google's is `https://accounts.google.com`; Microsoft Entra's `https://login.microsoftonline.com/<tenant id>/v2.0`.
 * A SAML metadata URL is held to the same, but may carry a query (Entra's names its application: `?appid=`).
 */
export function isIssuerUrl(text: string, query = false): boolean {
  try {
    const u = new URL(text);
    if ((u.search && !query) || u.hash || u.username) return false;
    return u.protocol === 'https:' || (u.protocol === 'http:' && ['127.0.0.1', 'localhost'].includes(u.hostname));
  } catch {
    return false;
  }
}

/** The domain of an e-mail address, lowercase ('' for no address). */
export const emailDomain = (email: string): string => {
  const at = email.trim().lastIndexOf('@');
  return at < 1
    ? ''
    : email
        .trim()
        .slice(at + 1)
        .toLowerCase();
};

/** An e-mail domain as typed, checked and written lowercase. */
const emailDomainField = () =>
  z.string().check(
    z.trim(),
    z.toLowerCase(),
    z.refine((d) => DOMAIN.test(d), 'Give an e-mail domain, such as skcet.ac.in'),
  );

/** The issuer's words when it is missing or not a URL a provider has. */
const ISSUER_MESSAGE = 'Give the issuer URL, such as https://accounts.google.com or https://login.microsoftonline.com/<tenant id>/v2.0';

/**
 * `PUT /api/auth/identity-provider`: the campus's provider. `protocol` `oidc` (the default) takes `issuer`, `client_id`
 * and `client_secret`, which is needed the first time and kept by the user pool, never shown again: leave it out to keep
 * the one saved. `saml` takes `metadata_url` (the provider's SAML metadata, which the user pool reads) instead, and
 * ignores those three. Domains are written lowercase. `account_domains` (some of `domains`, optional): an address of
 * one of them with no Attain account gets a faculty account at its first sign-in; any other unknown address is refused.
 */
export const identityProviderSchema = z
  .object({
    name: z
      .string({ error: MESSAGES.required })
      .check(z.trim(), z.minLength(2, 'Give the name people know it by, such as "SKCET Google"'), z.maxLength(60, 'At most 60 characters')),
    protocol: z.optional(
      z.enum(SSO_PROTOCOLS, { error: `Choose ${SSO_PROTOCOLS.map((p) => `${p} (${SSO_PROTOCOL_LABELS[p]})`).join(' or ')}` }),
    ),
    issuer: z.optional(z.string().check(z.trim(), z.maxLength(1024, 'At most 1024 characters'))),
    client_id: z.optional(z.string().check(z.trim(), z.maxLength(255, 'At most 255 characters'))),
    client_secret: z.optional(z.string().check(z.trim(), z.maxLength(1024, 'At most 1024 characters'))),
    metadata_url: z.optional(z.string().check(z.trim(), z.maxLength(1024, 'At most 1024 characters'))),
    domains: z.array(emailDomainField(), { error: 'Give the e-mail domains its accounts use' }).check(
      z.minLength(1, 'Give the e-mail domains its accounts use'),
      z.maxLength(SSO_MAX_DOMAINS, `At most ${SSO_MAX_DOMAINS} domains`),
      z.refine((ds) => new Set(ds).size === ds.length, 'A domain is given twice'),
    ),
    account_domains: z.optional(z.array(emailDomainField(), { error: 'Give e-mail domains' })),
  })
  .check(
    z.refine((p) => p.protocol !== 'saml' || isIssuerUrl(p.metadata_url ?? '', true), {
      path: ['metadata_url'],
      message: "Give the provider's SAML metadata URL (https), from its single sign-on settings",
    }),
    z.refine((p) => p.protocol === 'saml' || isIssuerUrl(p.issuer ?? ''), { path: ['issuer'], message: ISSUER_MESSAGE }),
    z.refine((p) => p.protocol === 'saml' || Boolean(p.client_id), { path: ['client_id'], message: MESSAGES.required }),
  );

/** A campus's provider as its admins see it: never the secret. */
export interface CampusIdentityProvider {
  /** Shown on the sign-in page: "Continue with <name>". */
  name: string;
  protocol: SsoProtocol;
  /** OpenID Connect: the issuer URL ('' for SAML). */
  issuer: string;
  /** OpenID Connect: the client id Attain is registered under ('' for SAML). */
  client_id: string;
  /** SAML: the provider's metadata URL ('' for OpenID Connect). */
  metadata_url: string;
  domains: string[];
  /** The domains (some of `domains`) whose unknown addresses get a faculty account at their first sign-in. */
  account_domains: string[];
  /** The user pool's name of the provider (`campus-` and 24 hex digits of the campus id's SHA-256). */
  provider_name: string;
  /** The redirect URI to register at the provider (the user pool's `/oauth2/idpresponse`). */
  redirect_uri: string;
  updated_by: string;
  /** ISO timestamp. */
  updated_at: string;
}

/** `GET /api/auth/identity-provider`: the campus's provider, or none. */
export interface IdentityProviderSetting {
  provider: CampusIdentityProvider | null;
  /** The redirect URI to register at an OpenID Connect provider, given before one is saved. */
  redirect_uri: string;
  /** What a SAML provider is given for Attain: the user pool's entity ID (audience) and its assertion consumer service URL. */
  saml: { entity_id: string; acs_url: string };
}

/**
 * `GET /api/auth/sso?domain=`: whether an e-mail domain signs in through a college's provider, and where the browser
 * goes to. Only the domain is asked (the address stays in the browser), so it says nothing of any address.
 */
export interface SsoLookup {
  provider: null | {
    /** "Continue with <name>". */
    name: string;
    /** The `identity_provider` to ask the user pool's `/oauth2/authorize` for. */
    identity_provider: string;
  };
}

/** `GET /api/auth/identity-provider` (campus admins). */
export const getIdentityProviderRoute = defineRoute({
  method: 'GET',
  path: IDENTITY_PROVIDER_PATH,
  domain: 'auth',
  summary: "The campus's sign-in provider (Google Workspace, Microsoft Entra: OpenID Connect; or SAML 2.0), never its secret",
  roles: ['admin'],
  forbidden: 'Only campus administrators set how people sign in',
  answer: body('IdentityProviderSetting'),
  errors: [401, 403],
});

/**
 * `PUT /api/auth/identity-provider` (campus admins) `{ name, protocol?, issuer, client_id, client_secret?, domains }` or
 * `{ name, protocol: 'saml', metadata_url, domains }`: adds or changes the campus's provider in the user pool; 400 with
 * field messages (a secret is needed the first time); 409 when a domain is another campus's.
 */
export const putIdentityProviderRoute = defineRoute({
  method: 'PUT',
  path: IDENTITY_PROVIDER_PATH,
  domain: 'auth',
  summary: "Set the campus's sign-in provider (OpenID Connect or SAML 2.0) and the e-mail domains it answers for",
  roles: ['admin'],
  forbidden: 'Only campus administrators set how people sign in',
  body: identityProviderSchema,
  invalid: 'Please correct the sign-in provider',
  answer: body('IdentityProviderSetting'),
  errors: [400, 401, 403, 409],
});

/** `DELETE /api/auth/identity-provider` (campus admins): people sign in with their passwords only again. */
export const deleteIdentityProviderRoute = defineRoute({
  method: 'DELETE',
  path: IDENTITY_PROVIDER_PATH,
  domain: 'auth',
  summary: "Remove the campus's sign-in provider (passwords only again)",
  roles: ['admin'],
  forbidden: 'Only campus administrators set how people sign in',
  answer: empty(),
  errors: [401, 403, 404],
});

/** `GET /api/auth/sso?domain=` (public: the sign-in page). 400 for something not an e-mail domain. */
export const ssoLookupRoute = defineRoute({
  method: 'GET',
  path: SSO_LOOKUP_PATH,
  domain: 'auth',
  summary: "Whether an address's college signs in through its own accounts (never whether the address has an account)",
  public: true,
  query: z.object({ domain: emailDomainField() }),
  answer: body('SsoLookup'),
  errors: [400],
});

/** The sign-in provider routes. */
export const IDENTITY_PROVIDER_ROUTES = [
  getIdentityProviderRoute,
  putIdentityProviderRoute,
  deleteIdentityProviderRoute,
  ssoLookupRoute,
] as const;
