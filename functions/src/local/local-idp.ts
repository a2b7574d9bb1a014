import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/**
 * A college's OpenID Connect provider on one machine (decision 0063): the `oidc-provider` package (a certified
 * OpenID Provider), started by the local stack on its own 127.0.0.1 port, standing in for a college's Google Workspace
 * or Microsoft Entra. Its login form is the package's development form: any e-mail address with any password signs
 * in as that address, as a college's own provider would vouch for its people (`email_verified` true). Attain decides
 * whom that address is (`linkFederatedIdentity`), so a test can sign in as an address Attain does not know, or as
 * another campus's, and see it refused. Consent is taken as given, as a college's provider does for its own apps.
 * Its keys and sessions live in memory: a restart signs everyone out of it, not out of Attain.
 */

/**
 * The names a college's directory would give an address, for the local providers: `meena.iyer@...` is Meena Iyer
 * (`name`, and `given_name` and `family_name` when there are two words or more).
 */
export function directoryNames(email: string): { name: string; given_name?: string; family_name?: string } {
  const words = email
    .split('@')[0]
    .split(/[._-]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1));
  return {
    name: words.join(' '),
    ...(words.length > 1 ? { given_name: words.slice(0, -1).join(' '), family_name: words.at(-1) } : {}),
  };
}

/** The local provider as the stack registers it with the demo campus. */
export interface LocalIdp {
  /** `http://127.0.0.1:<port>` */
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

/**
 * Starts the provider on 127.0.0.1:`port` with one confidential client (`attain-local`, secret `clientSecret`)
 * whose redirect URIs are `redirectUris` (the local pool domain's `/oauth2/idpresponse`).
 */
export async function startLocalIdp(port: number, redirectUris: string[], clientSecret: string): Promise<LocalIdp> {
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'attain-local';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'local-idp' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    features: { devInteractions: { enabled: true } },
    // The development form's login is the account id: an address signs in as itself, and is its subject.
    findAccount: (_ctx, id) => {
      const email = id.trim().toLowerCase();
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return undefined;
      return { accountId: id, claims: () => ({ sub: id, email, email_verified: true, ...directoryNames(email) }) };
    },
    // A college's provider asks no consent for its own apps: the grant is made at the first sign-in.
    loadExistingGrant: async (ctx) => {
      const { Grant } = ctx.oidc.provider;
      const id = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (id) return Grant.find(id);
      const grant = new Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const server = await new Promise<Server>((resolve, reject) => {
    const s = provider.listen(port, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
