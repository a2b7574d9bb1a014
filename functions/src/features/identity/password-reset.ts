import { PASSWORD_RESET_MINUTES, PERSONAL_LINK, USER_ACCOUNT_AUDIT, type CampusScope, organization } from '@attain/shared-types';
import { appendAudit } from '../../platform/store/audit-store.js';
import { campusRegistration } from '../../platform/store/campus-registry.js';
import { findRecord } from '../../platform/store/records.js';
import { accessOf } from '../../platform/store/user-access.js';
import { escapeHtml } from '../../platform/lib/escape-html.js';
import { HttpError } from '../../platform/lib/errors.js';
import { newLinkToken, tokenHash } from '../../platform/lib/link-token.js';
import { log } from '../../platform/lib/log.js';
import { queueMail } from '../mail/index.js';
import { findPoolUser } from './campus-users.js';
import { putInvitation } from './invitation-store.js';

/**
 * "Forgot password?" (issue 44 item 3; docs/decisions/0059): a link to choose a new password, mailed to an account's
 * own address. The link is an invitation link with `purpose: 'reset'` (`invitation-store.ts`): a random token in the
 * URL fragment, only its SHA-256 stored, used once through the set-password page, valid `PASSWORD_RESET_MINUTES`.
 */

/** Who a reset link's mail and audit entry say asked for it: anyone at the sign-in page, not the account itself. */
export const RESET_ACTOR = 'Forgot password? (sign-in page)';

/** What every request is answered, whether or not the address has an account. */
export const RESET_REQUESTED =
  'If an Attain account signs in with this address, a link to choose a new password is on its way to it. ' +
  `The link works once, for ${PASSWORD_RESET_MINUTES} minutes.`;

/**
 * Whether an account may still sign in: its access not ended by an administrator (`accessOf`) and its campus not
 * disabled by its group. Two GetItems (the campus's registration is cached per instance).
 */
export async function accountOpen(tenant: string, sub: string): Promise<boolean> {
  const access = await accessOf(tenant, sub);
  return !(access && access.status !== 'active') && (await campusRegistration(tenant))?.status !== 'Disabled';
}

/**
 * Mails a reset link to `email` if the pool has a user with it whose access is open. The mail goes through Send Mail's path (receipts, the
 * suppression list) with the link as the recipient's own link, which no route shows, so an administrator reading the
 * sent mail cannot use it. Writes an audit entry (`user-account`, `forgot-password`) in the account's campus, by
 * `RESET_ACTOR` (anyone may ask). An address with no account, or a closed one (`accountOpen`), gets nothing, and the
 * caller is told the same. The route throttles the requests first (`resetRequestThrottle`).
 * DynamoDB: none for an unknown address (one AdminGetUser); else a GetItem each for the access and the campus, the
 * link's PutItem, the organization's GetItem, the mail's writes and the audit entry.
 * @param site the address people open Attain at (`publicSiteOf`: the site's own, never the request's Origin)
 */
export async function requestPasswordReset(email: string, site: string): Promise<void> {
  const address = email.trim().toLowerCase();
  const user = await findPoolUser(address);
  if (!user?.sub || !user.tenant) return;
  const { sub, tenant } = user;
  if (!(await accountOpen(tenant, sub))) {
    log.info('forgot password: no link for a closed account', { tenant });
    return;
  }
  // Anyone may ask for an address's link: the mail and the audit entry name the sign-in page, not the account.
  const scope: CampusScope = { campus: tenant, actor: RESET_ACTOR, access: 'read-write' };
  const token = newLinkToken();
  await putInvitation(scope, tokenHash(token), { sub, email: address, purpose: 'reset' }, Date.now() + PASSWORD_RESET_MINUTES * 60_000);
  const campus = (await findRecord(scope, organization, tenant))?.name ?? 'your college';
  const link = `${site.replace(/\/+$/, '')}/set-password#token=${token}`;
  try {
    await queueMail(
      scope,
      { user: RESET_ACTOR, sub },
      {
        to: [address],
        subject: 'Choose a new password for Attain',
        email_body: [
          `<p>Someone, most likely you, asked to choose a new password for the Attain account ${escapeHtml(address)} at ${escapeHtml(campus)}.</p>`,
          `<p>Choose it here: ${PERSONAL_LINK}</p>`,
          `<p>The link works once, for ${PASSWORD_RESET_MINUTES} minutes. If you did not ask, leave this mail: your password stays as it is.</p>`,
        ].join(''),
        purpose: 'password-reset',
        links: new Map([[address, link]]),
      },
    );
  } catch (e) {
    // A campus with no sender address: the person is told what everyone is told; the operators read why.
    if (!(e instanceof HttpError)) throw e;
    log.error('forgot password: the reset link could not be mailed', { tenant, error: e.message });
    return;
  }
  await appendAudit(scope, {
    action: 'forgot-password',
    entity: USER_ACCOUNT_AUDIT,
    record_id: sub,
    record_label: address,
    changes: [{ field: 'password', label: 'Password', new: `Reset link mailed to ${address}, valid ${PASSWORD_RESET_MINUTES} minutes` }],
  });
}
