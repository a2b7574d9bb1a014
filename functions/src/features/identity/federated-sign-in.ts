import { AdminLinkProviderForUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { type CampusScope, USER_ACCOUNT_AUDIT, emailDomain, errorMessage, errorName, organization } from '@attain/shared-types';
import { cognitoClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { log } from '../../platform/lib/log.js';
import { appendAudit } from '../../platform/store/audit-store.js';
import { findRecord } from '../../platform/store/records.js';
import { ensureCampusUser, findPoolUser } from './campus-users.js';
import { storedProvider } from './identity-provider-store.js';
import { accountOpen } from './password-reset.js';

/**
 * The first sign-in of a person through their college's provider (decision 0063). The user pool meets an identity it
 * has not seen (`<provider name>_<subject>`) and asks this rule (Cognito's pre sign-up trigger in AWS; the local pool
 * domain calls the same) whose it is. It links the identity to the person's existing account when all of these hold,
 * and refuses the sign-in otherwise:
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

/** What Cognito says when a pre sign-up trigger fails: the browser is sent back with this before the trigger's words. */
export const LINKED_MESSAGE = 'Your college account is now linked to your Attain account: continue to sign in';

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

/**
 * Links a provider's identity to the existing account of its address (AdminLinkProviderForUser, the identity's
 * `Cognito_Subject` to the account's username), audited as `link` on the account.
 * @returns the account's username in the pool
 * @throws FederatedSignInRefused when a rule above does not hold (nothing written)
 */
export async function linkFederatedIdentity(who: FederatedIdentity): Promise<string> {
  const provider = await storedProvider(who.providerName);
  if (!provider)
    throw new FederatedSignInRefused('This college no longer signs in through its own accounts here: use your Attain password');
  const email = who.email.trim().toLowerCase();
  const domain = emailDomain(email);
  // The person's address is not repeated in these words: Cognito hands them to the browser in the URL, and Lambda
  // logs a trigger's error.
  if (!email || !provider.domains.includes(domain))
    throw new FederatedSignInRefused(
      `The account you signed in with is not an address of ${provider.name} (${provider.domains.join(', ')}): sign in with your own college's account`,
    );
  if (who.emailVerified === false)
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
  if (!(await accountOpen(provider.campus, user.sub)))
    throw new FederatedSignInRefused('Your access to Attain has been ended: ask your Attain administrator');
  // Audited first: once linked, the pool never asks again, so a stop between the two must leave the entry, not the link.
  const scope: CampusScope = { campus: provider.campus, actor: email, access: 'read-write' };
  const college = (await findRecord(scope, organization, provider.campus))?.name ?? provider.campus;
  await appendAudit(scope, {
    action: 'link',
    entity: USER_ACCOUNT_AUDIT,
    record_id: user.sub,
    record_label: email,
    changes: [{ field: 'sign_in', label: 'Sign-in', new: `${provider.name} (${college}'s accounts)` }],
  });
  try {
    await cognitoClient().send(
      new AdminLinkProviderForUserCommand({
        UserPoolId: config().userPoolId,
        DestinationUser: { ProviderName: 'Cognito', ProviderAttributeValue: user.username },
        SourceUser: { ProviderName: who.providerName, ProviderAttributeName: 'Cognito_Subject', ProviderAttributeValue: who.subject },
      }),
    );
  } catch (e) {
    // Cognito retries a trigger that took too long: the link its first run made is this one's.
    if (!(errorName(e) === 'InvalidParameterException' && /already|linked/i.test(errorMessage(e, '')))) throw e;
  }
  log.info('federated sign-in linked', { tenant: provider.campus, provider: who.providerName });
  return user.username;
}

/** The words for a first sign-in that failed for a reason not the person's: the cause is logged, never shown. */
export const LINK_FAILED_MESSAGE = 'The sign-in could not be completed: try again in a minute, or use your Attain password';

/** `linkFederatedIdentity`, with a failure not a refusal logged and told in plain words (`LINK_FAILED_MESSAGE`). */
async function linkOrSay(who: FederatedIdentity): Promise<void> {
  try {
    await linkFederatedIdentity(who);
  } catch (e) {
    if (e instanceof FederatedSignInRefused) throw e;
    log.error('federated sign-in could not be linked', { provider: who.providerName, error: errorName(e) });
    throw new Error(LINK_FAILED_MESSAGE);
  }
}

/** The part of Cognito's pre sign-up event this rule reads. */
export interface PreSignUpEvent {
  triggerSource: string;
  userName: string;
  request: { userAttributes: Record<string, string | undefined> };
  response?: Record<string, unknown>;
}

/**
 * Cognito's pre sign-up trigger: an identity from a provider (`PreSignUp_ExternalProvider`) is linked to the existing
 * account (`linkFederatedIdentity`), then this sign-in is failed with `LINKED_MESSAGE`, since Cognito would otherwise
 * make a second user; the browser starts the sign-in again and the pool finds the link. Any other sign-up passes.
 * @throws Error with `LINKED_MESSAGE`, or a refusal's message, which Cognito hands to the browser
 */
export async function preSignUp<E extends PreSignUpEvent>(event: E): Promise<E> {
  if (event.triggerSource !== 'PreSignUp_ExternalProvider') return event;
  const cut = event.userName.indexOf('_');
  const attrs = event.request.userAttributes;
  await linkOrSay({
    providerName: event.userName.slice(0, cut),
    subject: event.userName.slice(cut + 1),
    email: attrs.email ?? '',
    emailVerified: attrs.email_verified === undefined ? undefined : attrs.email_verified === 'true',
    givenName: attrs.given_name,
    familyName: attrs.family_name,
    name: attrs.name,
  });
  throw new Error(LINKED_MESSAGE);
}
