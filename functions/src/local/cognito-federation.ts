import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { forwardTo, listenLocal, readBody } from './emulator-proxy.js';

/**
 * The user pool's identity providers on one machine (decision 0063). cognito-local answers no federation call, so the
 * local stack puts this small proxy in front of it, as it puts one in front of the SES emulator: it answers
 * `CreateIdentityProvider`, `DescribeIdentityProvider`, `UpdateIdentityProvider`, `DeleteIdentityProvider` and
 * `ListIdentityProviders` as Cognito does (its JSON shapes and error names), keeping them in one file of the data
 * folder, and passes every other call to cognito-local. So the auth Lambda's code is the code that runs in AWS. The
 * local pool domain (`hosted-ui.ts`) reads providers from here, and keeps here the pool's users of providers'
 * identities (`<provider>_<subject>`), which Cognito makes at an identity's first sign-in.
 */

/** An identity provider as Cognito's API writes one (the fields Attain reads). */
export interface LocalIdentityProvider {
  UserPoolId: string;
  ProviderName: string;
  ProviderType: string;
  ProviderDetails: Record<string, string>;
  AttributeMapping: Record<string, string>;
  IdpIdentifiers?: string[];
  CreationDate: number;
  LastModifiedDate: number;
}

/** The pool's user of a provider's identity: its own `sub`, and the attributes the provider's claims were mapped to. */
export interface LocalFederatedUser {
  sub: string;
  attributes: Record<string, string>;
}

interface FederationFile {
  providers: Record<string, LocalIdentityProvider>;
  /** `<pool>|<provider>_<subject>` -> the pool's user of that identity. */
  users?: Record<string, LocalFederatedUser>;
}

/** A Cognito API error: its `__type` and message. */
class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** The providers and federated users of the local user pools, kept in `file` (written whole, then renamed: a kill leaves the last good one). */
export class LocalFederation {
  private data: FederationFile;
  constructor(private readonly file: string) {
    this.data = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as FederationFile) : { providers: {} };
  }

  private save(): void {
    writeFileSync(`${this.file}.tmp`, JSON.stringify(this.data, null, 2));
    renameSync(`${this.file}.tmp`, this.file);
  }

  /** The provider `name` of `pool`, or undefined. */
  provider(pool: string, name: string): LocalIdentityProvider | undefined {
    return this.data.providers[`${pool}|${name}`];
  }

  /** The pool's user `username` of a provider's identity, or undefined when the pool has not met it. */
  federatedUser(pool: string, username: string): LocalFederatedUser | undefined {
    return this.data.users?.[`${pool}|${username}`];
  }

  /**
   * Makes the pool's user of a provider's identity, or updates its attributes (Cognito maps the provider's claims again
   * at every sign-in). Written to the file before it returns.
   */
  putFederatedUser(pool: string, username: string, attributes: Record<string, string>): LocalFederatedUser {
    const users = (this.data.users ??= {});
    const user = { sub: users[`${pool}|${username}`]?.sub ?? randomUUID(), attributes };
    users[`${pool}|${username}`] = user;
    this.save();
    return user;
  }

  /** Answers one Cognito call, or undefined when it is not a federation call (cognito-local answers it). */
  answer(operation: string, req: Record<string, unknown>): object | undefined {
    const pool = String(req.UserPoolId ?? '');
    const name = String(req.ProviderName ?? '');
    const key = `${pool}|${name}`;
    const now = Date.now() / 1000;
    switch (operation) {
      case 'CreateIdentityProvider': {
        if (this.data.providers[key])
          throw new CognitoError('DuplicateProviderException', `A provider with the name ${name} already exists`);
        const p: LocalIdentityProvider = {
          UserPoolId: pool,
          ProviderName: name,
          ProviderType: String(req.ProviderType ?? 'OIDC'),
          ProviderDetails: (req.ProviderDetails ?? {}) as Record<string, string>,
          AttributeMapping: (req.AttributeMapping ?? {}) as Record<string, string>,
          IdpIdentifiers: (req.IdpIdentifiers ?? []) as string[],
          CreationDate: now,
          LastModifiedDate: now,
        };
        this.data.providers[key] = p;
        this.save();
        return { IdentityProvider: p };
      }
      case 'DescribeIdentityProvider':
        return { IdentityProvider: this.existing(key, name) };
      case 'UpdateIdentityProvider': {
        const p = this.existing(key, name);
        const next: LocalIdentityProvider = {
          ...p,
          ProviderDetails: (req.ProviderDetails as Record<string, string> | undefined) ?? p.ProviderDetails,
          AttributeMapping: (req.AttributeMapping as Record<string, string> | undefined) ?? p.AttributeMapping,
          LastModifiedDate: now,
        };
        this.data.providers[key] = next;
        this.save();
        return { IdentityProvider: next };
      }
      case 'DeleteIdentityProvider': {
        this.existing(key, name);
        delete this.data.providers[key];
        this.save();
        return {};
      }
      case 'ListIdentityProviders':
        return {
          Providers: Object.values(this.data.providers)
            .filter((p) => p.UserPoolId === pool)
            .map(({ ProviderName, ProviderType, CreationDate, LastModifiedDate }) => ({
              ProviderName,
              ProviderType,
              CreationDate,
              LastModifiedDate,
            })),
        };
      default:
        return undefined;
    }
  }

  private existing(key: string, name: string): LocalIdentityProvider {
    const p = this.data.providers[key];
    if (!p) throw new CognitoError('ResourceNotFoundException', `Identity provider ${name} does not exist`);
    return p;
  }
}

/**
 * Starts the proxy on 127.0.0.1:`port` in front of cognito-local at `upstream`, answering federation calls from
 * `federation`.
 */
export async function startFederationProxy(
  port: number,
  upstream: string,
  federation: LocalFederation,
): Promise<{ url: string; stop(): Promise<void> }> {
  return listenLocal(port, async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const operation = String(req.headers['x-amz-target'] ?? '').replace(/^AWSCognitoIdentityProviderService\./, '');
    if (req.method === 'POST' && operation) {
      try {
        const answer = federation.answer(operation, JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>);
        if (answer) {
          res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(answer));
          return;
        }
      } catch (e) {
        if (!(e instanceof CognitoError)) throw e;
        res.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify({ __type: e.type, message: e.message }));
        return;
      }
    }
    const answer = await forwardTo(upstream, req, body);
    res
      .writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
      .end(Buffer.from(await answer.arrayBuffer()));
  });
}
