import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { SAML_ATTRIBUTES } from '@attain/shared-types';
import { generate } from 'selfsigned';
import { escapeHtml } from '../platform/lib/escape-html.js';
import { listenLocal, readBody } from './emulator-proxy.js';
import { directoryNames } from './local-idp.js';
import { SAML_BINDING, autoPostPage, samlify } from './saml.js';

/**
 * A college's SAML 2.0 identity provider on one machine (decision 0063), standing in for a college's Microsoft Entra
 * or Google Workspace SAML app, or its own Shibboleth: `samlify`'s identity provider on its own 127.0.0.1 port, with
 * its metadata at `/metadata` (what an admin gives Attain) and its single sign-on service at `/sso` (HTTP-Redirect).
 * Its sign-in form takes any address with any password and answers for that address: a signed assertion whose NameID
 * and `SAML_ATTRIBUTES` are the address and the names a directory would give it (`directoryNames`). Attain decides
 * whom that address is, as for the OpenID Connect provider (`local-idp.ts`). It keeps no session: each sign-in asks.
 */

const NAME_ID_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const ATTRIBUTE_FORMAT = 'urn:oasis:names:tc:SAML:2.0:attrname-format:uri';
/** How long an assertion may be used: 5 minutes. */
const ASSERTION_MS = 5 * 60_000;

/** The provider's signing key and certificate (PEM), kept by the stack so a restart keeps its metadata. */
export interface SamlIdpKeys {
  key: string;
  cert: string;
}

/** A new RSA key and a self-signed certificate for the provider's signatures (`selfsigned`), valid ten years. */
export async function newSamlIdpKeys(): Promise<SamlIdpKeys> {
  const made = await generate([{ name: 'commonName', value: 'Attain local SAML provider' }], {
    keySize: 2048,
    notAfterDate: new Date(Date.now() + 3650 * 86_400_000),
    algorithm: 'sha256',
  });
  return { key: made.private, cert: made.cert };
}

/** The local SAML provider: its metadata URL (what a campus admin gives Attain). */
export interface LocalSamlIdp {
  /** `http://127.0.0.1:<port>/metadata` */
  metadataUrl: string;
  stop(): Promise<void>;
}

/** The sign-in page: the address and a password, with the pool's request carried along. */
function signInPage(request: string, relayState: string, error?: string): string {
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>College sign-in (SAML, local)</title></head><body><main><h1>College sign-in</h1>' +
    '<p>A local SAML provider for trying Attain: any address, any password.</p>' +
    (error ? `<p role="alert">${escapeHtml(error)}</p>` : '') +
    `<form method="post" action="/sso">${hidden('SAMLRequest', request)}${hidden('RelayState', relayState)}` +
    '<p><label>E-mail <input name="email" type="email" autocomplete="username" required autofocus></label></p>' +
    '<p><label>Password <input name="password" type="password" autocomplete="current-password" required></label></p>' +
    '<p><button type="submit">Sign in</button></p></form></main></body></html>'
  );
}

/** Starts the provider on 127.0.0.1:`port`, signing with `keys`. */
export async function startLocalSamlIdp(port: number, keys: SamlIdpKeys): Promise<LocalSamlIdp> {
  const base = `http://127.0.0.1:${port}`;
  const metadataUrl = `${base}/metadata`;
  const idp = samlify.IdentityProvider({
    entityID: metadataUrl,
    privateKey: keys.key,
    signingCert: keys.cert,
    wantAuthnRequestsSigned: false,
    nameIDFormat: [NAME_ID_FORMAT],
    singleSignOnService: [{ Binding: SAML_BINDING.redirect, Location: `${base}/sso` }],
    loginResponseTemplate: {
      context: samlify.SamlLib.defaultLoginResponseTemplate.context,
      attributes: Object.entries(SAML_ATTRIBUTES).map(([tag, name]) => ({
        name,
        valueTag: tag,
        nameFormat: ATTRIBUTE_FORMAT,
        valueXsiType: 'xs:string',
      })),
    },
  });

  /** The service provider a request names (its issuer and where it wants the answer), and the request read. */
  const readRequest = async (request: string) => {
    // Read once unchecked to learn who asks, then read by that service provider as samlify checks it.
    const anyone = samlify.ServiceProvider({ entityID: 'unknown' });
    const first = await idp.parseLoginRequest(anyone, 'redirect', { query: { SAMLRequest: request } });
    const issuer = String(first.extract.issuer ?? '');
    const acs = String(first.extract.request?.assertionConsumerServiceUrl ?? '');
    if (!issuer || !/^https?:\/\//.test(acs)) throw new Error('The request names no service provider or no place to answer');
    // Its assertions are signed, as the pool asks (`wantAssertionsSigned`).
    const sp = samlify.ServiceProvider({
      entityID: issuer,
      assertionConsumerService: [{ Binding: SAML_BINDING.post, Location: acs }],
      wantAssertionsSigned: true,
    });
    return { sp, info: first, issuer, acs };
  };

  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', base);
    const html = (status: number, page: string): void => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(page);
    };
    if (req.method === 'GET' && url.pathname === '/metadata') {
      res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(idp.getMetadata());
      return;
    }
    if (req.method === 'GET' && url.pathname === '/sso') {
      const request = url.searchParams.get('SAMLRequest') ?? '';
      try {
        await readRequest(request);
      } catch {
        return html(400, '<p>This sign-in request could not be read: start again from the service you came from.</p>');
      }
      return html(200, signInPage(request, url.searchParams.get('RelayState') ?? ''));
    }
    if (req.method === 'POST' && url.pathname === '/sso') {
      const form = new URLSearchParams((await readBody(req)).toString('utf8'));
      const request = form.get('SAMLRequest') ?? '';
      const relayState = form.get('RelayState') ?? '';
      const email = (form.get('email') ?? '').trim().toLowerCase();
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) || !form.get('password'))
        return html(400, signInPage(request, relayState, 'Give an e-mail address and a password'));
      let asked;
      try {
        asked = await readRequest(request);
      } catch {
        return html(400, '<p>This sign-in request could not be read: start again from the service you came from.</p>');
      }
      const names = directoryNames(email);
      const values: Record<string, string> = {
        email,
        given_name: names.given_name ?? names.name,
        family_name: names.family_name ?? names.name,
        name: names.name,
      };
      const now = new Date();
      const until = new Date(now.getTime() + ASSERTION_MS).toISOString();
      const made = await idp.createLoginResponse(
        asked.sp,
        { extract: asked.info.extract },
        'post',
        { email },
        {
          relayState,
          customTagReplacement: (template: string) => {
            const id = `_${randomUUID()}`;
            const tags: Record<string, string> = {
              ID: id,
              AssertionID: `_${randomUUID()}`,
              Destination: asked.acs,
              Audience: asked.issuer,
              EntityID: asked.issuer,
              SubjectRecipient: asked.acs,
              Issuer: metadataUrl,
              IssueInstant: now.toISOString(),
              AssertionConsumerServiceURL: asked.acs,
              StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
              ConditionsNotBefore: now.toISOString(),
              ConditionsNotOnOrAfter: until,
              SubjectConfirmationDataNotOnOrAfter: until,
              NameIDFormat: NAME_ID_FORMAT,
              NameID: email,
              InResponseTo: String(asked.info.extract.request?.id ?? ''),
              AuthnStatement: '',
              // samlify's tag of an attribute's value: `attr` and its value tag in camel case (`given_name`: attrGivenName).
              ...Object.fromEntries(
                Object.keys(SAML_ATTRIBUTES).map((tag) => [
                  `attr${tag.replace(/(?:^|_)(\w)/g, (_m, ch: string) => ch.toUpperCase())}`,
                  values[tag],
                ]),
              ),
            };
            return { id, context: samlify.SamlLib.replaceTagsByValue(template, tags) };
          },
        },
      );
      return html(200, autoPostPage(asked.acs, { SAMLResponse: made.context, RelayState: relayState }));
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
  };
  const server = await listenLocal(port, answer);
  return { metadataUrl, stop: server.stop };
}
