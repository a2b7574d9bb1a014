import { randomUUID } from 'node:crypto';
import { AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import {
  type CampusScope,
  INVITATION_DAYS,
  USER_ACCOUNT_AUDIT,
  organization,
  errorMessage,
  errorName,
  profile,
} from '@attain/shared-types';
import { appendAudit } from '../../platform/store/audit-store.js';
import { cognitoClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { escapeHtml } from '../../platform/lib/escape-html.js';
import { HttpError } from '../../platform/lib/errors.js';
import { newLinkToken, tokenHash } from '../../platform/lib/link-token.js';
import { queueMail } from '../mail/index.js';
import { findRecord } from '../../platform/store/records.js';
import { type StoredInvitation, claimInvitation, putInvitation, releaseInvitation } from './invitation-store.js';
import { ensureCampusUser, findPoolUser } from './campus-users.js';
import { accountOpen } from './password-reset.js';
import { linkStudentAccount, linkedStudent } from './student-link-store.js';

/**
 * Invitations: Add User without a password makes the account and mails the new member a link to set
 * their own. The link carries a random 256-bit token in its fragment (never sent to a server log or a referrer);
 * only its SHA-256 is stored (`invitation-store.ts`), with the campus, the user and an expiry of `INVITATION_DAYS`.
 * The mail goes through Send Mail's path, so its receipt shows in the sent-mail table.
 */

/** The new member an invitation is for. */
export interface Invitee {
  sub: string;
  email: string;
  first_name: string;
}

/**
 * Stores an invitation for `invitee`, mails them the link (`<site>/set-password#token=...`) and writes an audit entry
 * (`user-account`, `invite`) by the admin.
 * @param site the address people open Attain at (the request's Origin)
 * @returns the invitation mail's id (its receipts are in Send Mail)
 */
export async function inviteUser(
  scope: CampusScope,
  admin: { user: string; sub: string },
  invitee: Invitee,
  site: string,
): Promise<string> {
  const token = newLinkToken();
  const expires = Date.now() + INVITATION_DAYS * 24 * 3600 * 1000;
  await putInvitation(scope, tokenHash(token), invitee, expires);
  const campus = (await findRecord(scope, organization, scope.campus))?.name ?? 'your college';
  const link = `${site.replace(/\/+$/, '')}/set-password#token=${token}`;
  const sent = await queueMail(scope, admin, {
    to: [invitee.email],
    subject: `Your Attain account at ${campus}`,
    email_body: [
      `<p>Dear ${escapeHtml(invitee.first_name)},</p>`,
      `<p>An account has been made for you in Attain, ${escapeHtml(campus)}'s outcome-based education and accreditation system.</p>`,
      `<p><a href="${escapeHtml(link)}">Set your password</a> to sign in. The link works once, for ${INVITATION_DAYS} days.</p>`,
      `<p>Your sign-in name is ${escapeHtml(invitee.email)}.</p>`,
    ].join(''),
    purpose: 'invitation',
  });
  await appendAudit(scope, {
    action: 'invite',
    entity: USER_ACCOUNT_AUDIT,
    record_id: invitee.sub,
    record_label: invitee.email,
    changes: [{ field: 'invitation', label: 'Invitation', new: `Mailed to ${invitee.email}, valid ${INVITATION_DAYS} days` }],
  });
  return sent.data.id;
}

/**
 * A student's invitation claimed: their account is made now (a Cognito user in the `student` group with `password`,
 * `ensureCampusUser`) and linked to their roster entry (`linkStudentAccount`). Idempotent, so a link given back after a
 * refused password makes the same account on the next try.
 * @returns the account's sub
 * @throws HttpError 400 for a password the pool's policy refuses, or an address that signs in elsewhere already (a
 *   staff member's, another campus's, another roster entry's)
 */
async function studentAccountFrom(invite: StoredInvitation, password: string): Promise<string> {
  // An address that already signs in elsewhere (a staff member's, another campus's) does not become a student's too.
  const found = await findPoolUser(invite.email);
  if (found) {
    const scope: CampusScope = { campus: invite.campus, actor: invite.email, access: 'read-only' };
    const sub = found.sub ?? '';
    const linked = await linkedStudent(invite.campus, sub);
    // Another campus's, a staff member's (a profile here), or another roster entry's account.
    if (found.tenant !== invite.campus || (await findRecord(scope, profile, sub)) || (linked && linked !== invite.student))
      throw new HttpError(400, 'This e-mail address already has another Attain account: ask your administrator', {
        token: 'Address in use',
      });
  }
  const sub = await ensureCampusUser({
    tenant: invite.campus,
    email: invite.email,
    password,
    role: 'student',
    first_name: invite.first_name ?? '',
    last_name: invite.last_name ?? '',
    createdBy: invite.email,
    found,
  });
  await linkStudentAccount(invite.campus, sub, invite.student ?? '', invite.email);
  return sub;
}

/**
 * Sets the password of the member an invitation link (or a "Forgot password?" reset link, `password-reset.ts`) is
 * for, once: the token must be known, unused and not expired.
 * The link is consumed first, with one conditional write (`used_at` absent and not expired, naming this call), and
 * only the call that consumed it sets the password, so of many calls racing with one link exactly one sets a
 * password and the others change nothing. If the pool then refuses the password (its policy), the link is given
 * back (the same conditional write undone, only if this call still holds it), so the person can choose another.
 * A student's invitation makes their account here (`studentAccountFrom`). Writes an audit entry (`user-account`,
 * `set-password`) in the campus, by the member.
 * @throws HttpError 400 with one sentence for a bad, used or expired link (the same words, so nothing is learnt
 *   about other links), or for a password the pool's policy refuses
 */
export async function setPasswordWithToken(token: string, password: string): Promise<void> {
  const hash = tokenHash(token);
  const claim = randomUUID();
  const unusable = new HttpError(
    400,
    'This link has expired or was already used: ask for a new one with "Forgot password?" on the sign-in page, or ask your administrator for a new invitation',
    {
      token: 'Expired or used',
    },
  );
  const invite = await claimInvitation(hash, claim, Date.now());
  if (!invite) throw unusable;
  // A reset link whose account's access was ended (or whose campus was disabled) since it was mailed sets nothing.
  if (invite.purpose === 'reset' && !(await accountOpen(invite.campus, invite.sub))) throw unusable;
  let sub = invite.sub;
  try {
    if (invite.student) sub = await studentAccountFrom(invite, password);
    else
      await cognitoClient().send(
        new AdminSetUserPasswordCommand({ UserPoolId: config().userPoolId, Username: invite.email, Password: password, Permanent: true }),
      );
  } catch (e) {
    // Nothing was set: the link is this person's again.
    await releaseInvitation(hash, claim);
    if (e instanceof HttpError) throw e;
    if (errorName(e) === 'InvalidPasswordException')
      throw new HttpError(400, errorMessage(e), { password: 'Not accepted by the password policy' });
    throw e;
  }
  await appendAudit(
    { campus: invite.campus, actor: invite.email, access: 'read-write' },
    {
      action: 'set-password',
      entity: USER_ACCOUNT_AUDIT,
      record_id: sub,
      record_label: invite.email,
      changes: [
        {
          field: 'password',
          label: 'Password',
          new: invite.purpose === 'reset' ? 'Set through a reset link' : 'Set through the invitation link',
        },
      ],
    },
  );
}
