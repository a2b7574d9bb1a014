import { AdminListGroupsForUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import {
  ACCOUNT_CLAIM,
  type CampusScope,
  TENANT_CLAIM,
  USER_ACCOUNT_AUDIT,
  emailDomain,
  errorName,
  organization,
} from '@attain/shared-types';
import { cognitoClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { log } from '../../platform/lib/log.js';
import { appendAudit } from '../../platform/store/audit-store.js';
import { findRecord } from '../../platform/store/records.js';
import { ensureCampusUser, findPoolUser } from './campus-users.js';
import {
  type FederatedLink,
  type StoredIdentityProvider,
  federatedLink,
  putFederatedLink,
  storedProvider,
} from './identity-provider-store.js';
import { accessOf } from '../../platform/store/user-access.js';
import { accountOpen } from './password-reset.js';

/**
 * Signing in through a college's provider (decision 0063). The user pool keeps a user of its own for each identity a
 * provider signs in (`<provider name>_<subject>`, with no campus and no group); Attain keeps which account that identity
 * is (`FederatedLink`), and puts the account's campus, groups and id into the identity's ID token. Two of the pool's
 * triggers ask this file (in AWS; the local pool domain calls the same): pre sign-up, the first time the pool meets an
 * identity (`preSignUp`), and pre token generation, at every sign-in and refresh (`preTokenGeneration`). The sign-in
 * rule links an identity to the person's account when all of these hold, and refuses the sign-in otherwise:
 *
 * - the provider is a campus's (`storedProvider`);
 * - the address is in one of that provider's domains (a provider cannot speak for another campus's addresses);
 * - the provider did not say the address is unverified (`email_verified` false);
 * - the address has an Attain account at that campus, whose access is open (`accountOpen`); or it has none, and its
 *   domain is one the campus's admin allowed new accounts for (`account_domains`): then a faculty account is made, with
 *   the names the provider gives.
 *
 * No account is made for any other address Attain does not know.
 */

/** A refused first sign-in: `message` is shown to the person on the sign-in page. */
export class FederatedSignInRefused extends Error {}

/** What the provider said of the person: the pool's provider name, their subject there, their address. */
export interface FederatedIdentity {
  providerName: string;
  subject: string;
  email: string;
  /** The provider's `email_verified` (absent when it sends none, as Microsoft Entra does). */
  emailVerified?: boolean;
  /** The names the provider gives (`given_name`, `family_name`, `name`), for an account made at the first sign-in. */
  givenName?: string;
  familyName?: string;
  name?: string;
}

/**
 * A new account's first and last names from what the provider gives: its given and family names, else its full name
 * split at the last space, else the address's local part (a profile needs both; the person can change them).
 */
export function namesOf(who: Pick<FederatedIdentity, 'givenName' | 'familyName' | 'name' | 'email'>): {
  first_name: string;
  last_name: string;
} {
  const given = who.givenName?.trim();
  const family = who.familyName?.trim();
  if (given && family) return { first_name: given, last_name: family };
  const full = (who.name?.trim() || who.email.split('@')[0].replace(/[._-]+/g, ' ')).trim();
  const cut = full.lastIndexOf(' ');
  return cut > 0
    ? { first_name: given || full.slice(0, cut), last_name: family || full.slice(cut + 1) }
    : { first_name: given || full, last_name: family || full };
}

/** The Attain account an identity signs in as. */
export type FederatedAccount = Pick<FederatedLink, 'campus' | 'account' | 'username' | 'email'>;

const NO_PROVIDER = 'This college no longer signs in through its own accounts here: use your Attain password';

/**
 * The sign-in rule above, for an identity with no link under `provider`'s present setting: links it to the account of
 * its address (`putFederatedLink`, after the audit entry `link` on the account, so a stop between the two leaves the
 * entry and the rule is asked again), making a faculty account first for an opened domain.
 * @returns the account
 * @throws FederatedSignInRefused when a rule does not hold (nothing linked)
 */
async function linkFederatedIdentity(who: FederatedIdentity, provider: StoredIdentityProvider): Promise<FederatedAccount> {
  const email = who.email.trim().toLowerCase();
  const domain = emailDomain(email);
  // The person's address is not repeated in these words: Cognito hands them to the browser in the URL, and Lambda
  // logs a trigger's error.
  if (!email || !provider.domains.includes(domain))
    throw new FederatedSignInRefused(
      `The account you signed in with is not an address of ${provider.name} (${provider.domains.join(', ')}): sign in with your own college's account`,
    );
  // Only an OpenID provider says whether it verified the address: a SAML provider says nothing, and the pool may record
  // that as false.
  if (provider.protocol === 'oidc' && who.emailVerified === false)
    throw new FederatedSignInRefused(`${provider.name} has not verified the address you signed in with: ask your college's IT team`);
  let user = await findPoolUser(email);
  if (!user && provider.account_domains.includes(domain)) {
    // A new colleague of a domain the admin opened: a faculty account of the campus, its profile named by the provider.
    await ensureCampusUser({
      tenant: provider.campus,
      email,
      role: 'faculty',
      ...namesOf({ ...who, email }),
      createdBy: `${email} (${provider.name})`,
    });
    user = await findPoolUser(email);
  }
  if (!user?.sub || !user.username || user.tenant !== provider.campus)
    throw new FederatedSignInRefused(
      'No Attain account at this college uses the address you signed in with: ask your Attain administrator to add you',
    );
  if (!(await accountOpen(provider.campus, user.sub))) throw new FederatedSignInRefused(ACCESS_ENDED);
  const scope: CampusScope = { campus: provider.campus, actor: email, access: 'read-write' };
  const college = (await findRecord(scope, organization, provider.campus))?.name ?? provider.campus;
  await appendAudit(scope, {
    action: 'link',
    entity: USER_ACCOUNT_AUDIT,
    record_id: user.sub,
    record_label: email,
    changes: [{ field: 'sign_in', label: 'Sign-in', new: `${provider.name} (${college}'s accounts)` }],
  });
  const account: FederatedAccount = { campus: provider.campus, account: user.sub, username: user.username, email };
  await putFederatedLink(who.providerName, who.subject, {
    ...account,
    link_epoch: provider.link_epoch,
    linked_at: new Date().toISOString(),
    signed_in_at: Math.floor(Date.now() / 1000),
  });
  log.info('federated sign-in linked', { tenant: provider.campus, provider: who.providerName });
  return account;
}

const ACCESS_ENDED = 'Your access to Attain has been ended: ask your Attain administrator';
const SIGN_IN_AGAIN = "Your college's sign-in to Attain was changed: sign in again";
const SESSION_ENDED = 'Your session was ended by an administrator: sign in again';

/**
 * The account `who` signs in as.
 * - At a sign-in (`interactive`: the pool's pre sign-up, or a token of a sign-in at the college): its link, when made
 *   under the provider's present setting and its account's access is open, noted as signed in now; else the sign-in
 *   rule, asked again with what the provider has just said (`linkFederatedIdentity`).
 * - At a refresh: its link only, made under the provider's present setting, its account's access open, and no end of
 *   the account's sessions (`valid_after`) since the identity last signed in at the college. A refresh never asks the
 *   rule again: the pool's attributes then are what the provider said at the last sign-in, perhaps another provider's.
 * DynamoDB: the provider's and the link's GetItems, the access and campus GetItems; the link's PutItem at a sign-in.
 * @throws FederatedSignInRefused when the provider is gone, the access or session ended, or the rule does not hold
 */
export async function federatedAccount(who: FederatedIdentity, interactive: boolean): Promise<FederatedAccount> {
  const provider = await storedProvider(who.providerName);
  if (!provider) throw new FederatedSignInRefused(NO_PROVIDER);
  const link = await federatedLink(who.providerName, who.subject);
  const current = link && link.campus === provider.campus && link.link_epoch === provider.link_epoch ? link : undefined;
  if (!interactive) {
    if (!current) throw new FederatedSignInRefused(SIGN_IN_AGAIN);
    if (!(await accountOpen(current.campus, current.account))) throw new FederatedSignInRefused(ACCESS_ENDED);
    if (((await accessOf(current.campus, current.account))?.valid_after ?? 0) > current.signed_in_at)
      throw new FederatedSignInRefused(SESSION_ENDED);
    return current;
  }
  // A closed account is asked the rule again too: the address may have a new account (removed, then added again).
  if (!current || !(await accountOpen(current.campus, current.account))) return linkFederatedIdentity(who, provider);
  await putFederatedLink(who.providerName, who.subject, { ...current, signed_in_at: Math.floor(Date.now() / 1000) });
  return current;
}

/** The words for a sign-in that failed for a reason not the person's: the cause is logged, never shown. */
export const LINK_FAILED_MESSAGE = 'The sign-in could not be completed: try again in a minute, or use your Attain password';

/** `work` (the sign-in rule and what it reads), with a failure not a refusal logged and told in plain words (`LINK_FAILED_MESSAGE`). */
async function refusalOrSay<T>(who: FederatedIdentity, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof FederatedSignInRefused) throw e;
    log.error('federated sign-in could not be completed', { provider: who.providerName, error: errorName(e) });
    throw new Error(LINK_FAILED_MESSAGE);
  }
}

/** The part of Cognito's trigger events this file reads (pre sign-up, and pre token generation version 1). */
export interface UserPoolTriggerEvent {
  triggerSource: string;
  /** The pool's username: `<provider name>_<subject>` for a provider's identity. */
  userName: string;
  request: { userAttributes: Record<string, string | undefined> };
  response?: Record<string, unknown>;
}

/**
 * A provider's identity as a trigger event names it, or undefined for a user of the pool's own (a password account).
 * The pool's user of an identity is `<provider name>_<subject>`; its `identities` attribute (a JSON list, absent at pre
 * sign-up) must name the same provider and subject, or the user is not taken for one.
 */
function identityOf(event: UserPoolTriggerEvent): FederatedIdentity | undefined {
  const attrs = event.request.userAttributes;
  const cut = event.userName.indexOf('_');
  if (cut < 1) return undefined;
  const providerName = event.userName.slice(0, cut);
  const subject = event.userName.slice(cut + 1);
  if (event.triggerSource !== 'PreSignUp_ExternalProvider') {
    let named: unknown;
    try {
      named = JSON.parse(attrs.identities ?? 'null');
    } catch {
      return undefined;
    }
    const first: unknown = Array.isArray(named) ? named[0] : undefined;
    if (!first || typeof first !== 'object') return undefined;
    const { providerName: p, userId } = first as { providerName?: unknown; userId?: unknown };
    if (p !== providerName || String(userId) !== subject) return undefined;
  }
  return {
    providerName,
    subject,
    email: attrs.email ?? '',
    emailVerified: attrs.email_verified === undefined ? undefined : attrs.email_verified === 'true',
    givenName: attrs.given_name,
    familyName: attrs.family_name,
    name: attrs.name,
  };
}

/**
 * Cognito's pre sign-up trigger: an identity a provider signs in for the first time (`PreSignUp_ExternalProvider`) is
 * let in, and the pool makes its user, only when the sign-in rule links it to an account (`federatedAccount`). Any
 * other sign-up passes unchanged.
 * @throws Error with a refusal's words (or `LINK_FAILED_MESSAGE`), which Cognito hands to the browser as
 *   `PreSignUp failed with error <words>.`
 */
export async function preSignUp<E extends UserPoolTriggerEvent>(event: E): Promise<E> {
  if (event.triggerSource !== 'PreSignUp_ExternalProvider') return event;
  const who = identityOf(event);
  if (!who) throw new FederatedSignInRefused(NO_PROVIDER);
  await refusalOrSay(who, () => federatedAccount(who, true));
  return event;
}

/** The ID token claims the pool's pre token generation trigger (version 1) may set, as its event's response holds them. */
export interface ClaimsOverride {
  claimsToAddOrOverride: Record<string, string>;
  groupOverrideDetails: { groupsToOverride: string[] };
}

/**
 * Cognito's pre token generation trigger (version 1: the ID token): the token of a provider's identity, at each sign-in
 * and refresh (`TokenGeneration_RefreshTokens`: `federatedAccount`'s stricter rule), gets its account's campus
 * (`TENANT_CLAIM`), id (`ACCOUNT_CLAIM`), address and groups (read from the pool: the role as a password sign-in's token
 * carries it); a token of a password account passes unchanged.
 * @throws Error with a refusal's words (the provider gone or changed, the access or session ended, the rule no longer holding) or
 *   `LINK_FAILED_MESSAGE`: Cognito then issues no token
 */
export async function preTokenGeneration<E extends UserPoolTriggerEvent>(event: E): Promise<E & { response: Record<string, unknown> }> {
  const who = identityOf(event);
  if (!who) return { ...event, response: event.response ?? {} };
  const claimsOverrideDetails = await refusalOrSay(who, async (): Promise<ClaimsOverride> => {
    const account = await federatedAccount(who, event.triggerSource !== 'TokenGeneration_RefreshTokens');
    const groups = await cognitoClient().send(
      new AdminListGroupsForUserCommand({ UserPoolId: config().userPoolId, Username: account.username }),
    );
    return {
      claimsToAddOrOverride: { [TENANT_CLAIM]: account.campus, [ACCOUNT_CLAIM]: account.account, email: account.email },
      groupOverrideDetails: { groupsToOverride: (groups.Groups ?? []).map((g) => g.GroupName ?? '').filter(Boolean) },
    };
  });
  return { ...event, response: { ...event.response, claimsOverrideDetails } };
}
