import { createHash, randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { type CampusIdentityProvider, TABLE, textOf } from '@attain/shared-types';
import { documentClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { HttpError } from '../../platform/lib/errors.js';

/**
 * How a campus's sign-in provider is kept (decision 0063): `IDP#<provider name>` / `identity-provider` holds what the
 * admins set (never the secret, which the user pool keeps) and the campus; each of its e-mail domains has
 * `SSODOMAIN#<domain>` / `sso-domain`, naming the campus and provider, so the sign-in page finds the provider of an
 * address in one GetItem and a domain belongs to one campus only. Each identity the provider has signed in has
 * `IDP#<provider name>` / `link#<subject>` (`FederatedLink`), naming the Attain account it is.
 */
export type StoredIdentityProvider = Omit<CampusIdentityProvider, 'redirect_uri'> & {
  campus: string;
  /**
   * Which setting the provider's links were made under: a new one (`nextLinkEpoch`) whenever the protocol, issuer,
   * client, metadata URL or domains change, so every link made before is asked the sign-in rule again (decision 0063).
   */
  link_epoch: string;
};

/**
 * The link epoch of a provider saved as `next` after `before`: kept while the protocol, issuer, client id, metadata URL
 * and domains stay, new otherwise (so a changed provider's links count for nothing, and the rule is asked again at each
 * identity's next token).
 */
export function nextLinkEpoch(
  before: StoredIdentityProvider | undefined,
  next: Pick<StoredIdentityProvider, 'protocol' | 'issuer' | 'client_id' | 'metadata_url' | 'domains'>,
): string {
  const same =
    before &&
    before.protocol === next.protocol &&
    before.issuer === next.issuer &&
    before.client_id === next.client_id &&
    before.metadata_url === next.metadata_url &&
    before.domains.length === next.domains.length &&
    before.domains.every((d) => next.domains.includes(d));
  return same && before.link_epoch ? before.link_epoch : randomUUID();
}

/**
 * The user pool's name of a campus's provider: `campus-` and the first 24 hex digits of the campus id's SHA-256, so
 * every campus has its own within Cognito's 32 characters (its names may not hold `_`, which it puts between a
 * provider's name and a person's subject).
 */
export const providerNameOf = (campus: string): string => `campus-${createHash('sha256').update(campus).digest('hex').slice(0, 24)}`;

const providerKey = (name: string) => ({ [TABLE.partitionKey]: `IDP#${name}`, [TABLE.sortKey]: 'identity-provider' });
const linkKey = (name: string, subject: string) => ({ [TABLE.partitionKey]: `IDP#${name}`, [TABLE.sortKey]: `link#${subject}` });
const domainKey = (domain: string) => ({ [TABLE.partitionKey]: `SSODOMAIN#${domain}`, [TABLE.sortKey]: 'sso-domain' });

const asProvider = (i: Record<string, unknown>): StoredIdentityProvider => ({
  campus: textOf(i.campus),
  provider_name: textOf(i.provider_name),
  name: textOf(i.name),
  protocol: i.protocol === 'saml' ? 'saml' : 'oidc',
  issuer: textOf(i.issuer),
  client_id: textOf(i.client_id),
  metadata_url: textOf(i.metadata_url),
  domains: (Array.isArray(i.domains) ? i.domains : []).map(textOf),
  account_domains: (Array.isArray(i.account_domains) ? i.account_domains : []).map(textOf),
  updated_by: textOf(i.updated_by),
  updated_at: textOf(i.updated_at),
  link_epoch: textOf(i.link_epoch),
});

/** The provider the user pool knows by `providerName`, or undefined. One strongly consistent GetItem. */
export async function storedProvider(providerName: string): Promise<StoredIdentityProvider | undefined> {
  const res = await documentClient().send(
    new GetCommand({ TableName: config().tableName, Key: providerKey(providerName), ConsistentRead: true }),
  );
  return res.Item ? asProvider(res.Item) : undefined;
}

/** The provider of `campus`, or undefined (never another campus's, whatever its name). One GetItem. */
export async function campusProvider(campus: string): Promise<StoredIdentityProvider | undefined> {
  const p = await storedProvider(providerNameOf(campus));
  return p?.campus === campus ? p : undefined;
}

/** The campus and provider an e-mail domain signs in through, or undefined. One GetItem. */
export async function providerOfDomain(domain: string): Promise<{ campus: string; provider_name: string; name: string } | undefined> {
  if (!domain) return undefined;
  const res = await documentClient().send(new GetCommand({ TableName: config().tableName, Key: domainKey(domain) }));
  return res.Item
    ? { campus: textOf(res.Item.campus), provider_name: textOf(res.Item.provider_name), name: textOf(res.Item.name) }
    : undefined;
}

/**
 * Writes a provider and its domains in one transaction, removing the domains `before` had and it no longer has.
 * @throws HttpError 409 when one of its domains is another campus's (nothing written)
 */
export async function putStoredProvider(p: StoredIdentityProvider, before: StoredIdentityProvider | undefined): Promise<void> {
  const TableName = config().tableName;
  const gone = (before?.domains ?? []).filter((d) => !p.domains.includes(d));
  try {
    await documentClient().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName,
              Item: { ...providerKey(p.provider_name), entityType: 'identity-provider', ...p },
              ConditionExpression: 'attribute_not_exists(#pk) OR campus = :campus',
              ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
              ExpressionAttributeValues: { ':campus': p.campus },
            },
          },
          ...p.domains.map((d) => ({
            Put: {
              TableName,
              Item: { ...domainKey(d), entityType: 'sso-domain', campus: p.campus, provider_name: p.provider_name, name: p.name },
              ConditionExpression: 'attribute_not_exists(#pk) OR campus = :campus',
              ExpressionAttributeNames: { '#pk': TABLE.partitionKey },
              ExpressionAttributeValues: { ':campus': p.campus },
            },
          })),
          ...gone.map((d) => ({
            Delete: {
              TableName,
              Key: domainKey(d),
              ConditionExpression: 'campus = :campus',
              ExpressionAttributeValues: { ':campus': p.campus },
            },
          })),
        ],
      }),
    );
  } catch (e) {
    if (e instanceof TransactionCanceledException) {
      const taken = (e.CancellationReasons ?? [])
        .map((r, i) => (r.Code === 'ConditionalCheckFailed' ? p.domains[i - 1] : undefined))
        .filter((d): d is string => Boolean(d));
      if (e.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed')
        throw new HttpError(409, 'This sign-in provider is changed elsewhere: reload and try again');
      if (taken.length)
        throw new HttpError(409, 'Another campus signs in with one of these domains', {
          domains: `${taken.join(', ')} ${taken.length === 1 ? 'is' : 'are'} another campus's: ask the Attain operators if it should be yours`,
        });
    }
    throw e;
  }
}

/** Deletes a provider and its domains in one transaction. */
export async function deleteStoredProvider(p: StoredIdentityProvider): Promise<void> {
  const TableName = config().tableName;
  await documentClient().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Delete: {
            TableName,
            Key: providerKey(p.provider_name),
            ConditionExpression: 'campus = :campus',
            ExpressionAttributeValues: { ':campus': p.campus },
          },
        },
        ...p.domains.map((d) => ({
          Delete: {
            TableName,
            Key: domainKey(d),
            ConditionExpression: 'campus = :campus',
            ExpressionAttributeValues: { ':campus': p.campus },
          },
        })),
      ],
    }),
  );
}

/**
 * An identity of a campus's provider linked to an Attain account (decision 0063): written by the sign-in rule at the
 * identity's first sign-in, or its first after the provider changed, and read at every token the pool issues it.
 */
export interface FederatedLink {
  /** The account's campus. */
  campus: string;
  /** The account's id: its native user's `sub`, the profile id. */
  account: string;
  /** The account's username in the user pool (for its groups). */
  username: string;
  /** The account's address (lower case). */
  email: string;
  /** The provider's `link_epoch` when linked. */
  link_epoch: string;
  /** ISO timestamp. */
  linked_at: string;
  /** When the identity last signed in at the college (epoch seconds): a refresh after an end of sessions is refused. */
  signed_in_at: number;
}

/** The link of `subject` of the provider `providerName`, or undefined. One strongly consistent GetItem. */
export async function federatedLink(providerName: string, subject: string): Promise<FederatedLink | undefined> {
  const res = await documentClient().send(
    new GetCommand({ TableName: config().tableName, Key: linkKey(providerName, subject), ConsistentRead: true }),
  );
  const i = res.Item;
  return i
    ? {
        campus: textOf(i.campus),
        account: textOf(i.account),
        username: textOf(i.username),
        email: textOf(i.email),
        link_epoch: textOf(i.link_epoch),
        linked_at: textOf(i.linked_at),
        signed_in_at: Number(i.signed_in_at) || 0,
      }
    : undefined;
}

/** Writes (or replaces) the link of `subject` of the provider `providerName`. One PutItem. */
export async function putFederatedLink(providerName: string, subject: string, link: FederatedLink): Promise<void> {
  await documentClient().send(
    new PutCommand({
      TableName: config().tableName,
      Item: { ...linkKey(providerName, subject), entityType: 'sso-link', ...link },
    }),
  );
}
