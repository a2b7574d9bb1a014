import { AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { type CampusScope, INVITATION_DAYS, TABLE, organization } from '@attain/shared-types';
import { cognitoClient, documentClient } from '../lib/aws.js';
import { config } from '../lib/config.js';
import { escapeHtml } from '../lib/escape-html.js';
import { HttpError } from '../lib/errors.js';
import { newLinkToken, tokenHash } from '../lib/link-token.js';
import { queueMail } from '../mail/queue-mail.js';
import { findRecord } from '../store/records.js';

/**
 * Invitations (issue 13): Add User without a password makes the account and mails the new member a link to set
 * their own. The link carries a random 256-bit token in its fragment (never sent to a server log or a referrer);
 * only its SHA-256 is stored (`PK = INVITE#<hash>`), with the campus, the user and an expiry of `INVITATION_DAYS`.
 * The mail goes through Send Mail's path, so its receipt shows in the sent-mail table.
 */

const inviteKey = (hash: string) => ({ [TABLE.partitionKey]: `INVITE#${hash}`, [TABLE.sortKey]: 'invitation' });

/** The new member an invitation is for. */
export interface Invitee {
  sub: string;
  email: string;
  first_name: string;
}

/**
 * Stores an invitation for `invitee` and mails them the link (`<site>/set-password#token=...`).
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
  await documentClient().send(
    new PutCommand({
      TableName: config().tableName,
      Item: {
        ...inviteKey(tokenHash(token)),
        entityType: 'invitation',
        campus: scope.campus,
        sub: invitee.sub,
        email: invitee.email,
        expires,
        created_by: scope.actor,
      },
    }),
  );
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
  return sent.data.id;
}

/**
 * Sets the password of the member an invitation link is for, once: the token must be known, unused and not expired.
 * @throws HttpError 400 with one sentence for a bad, used or expired link (the same words, so nothing is learnt
 *   about other links), or for a password the pool's policy refuses
 */
export async function setPasswordWithToken(token: string, password: string): Promise<void> {
  const hash = tokenHash(token);
  const got = await documentClient().send(new GetCommand({ TableName: config().tableName, Key: inviteKey(hash), ConsistentRead: true }));
  const invite = got.Item as { email: string; expires: number; used_at?: string } | undefined;
  const unusable = new HttpError(400, 'This link has expired or was already used; ask your administrator for a new invitation', {
    token: 'Expired or used',
  });
  if (!invite || invite.used_at || invite.expires < Date.now()) throw unusable;
  try {
    await cognitoClient().send(
      new AdminSetUserPasswordCommand({ UserPoolId: config().userPoolId, Username: invite.email, Password: password, Permanent: true }),
    );
  } catch (e) {
    if ((e as Error).name === 'InvalidPasswordException')
      throw new HttpError(400, (e as Error).message, { password: 'Not accepted by the password policy' });
    throw e;
  }
  try {
    await documentClient().send(
      new UpdateCommand({
        TableName: config().tableName,
        Key: inviteKey(hash),
        UpdateExpression: 'SET used_at = :now',
        ConditionExpression: 'attribute_not_exists(used_at)',
        ExpressionAttributeValues: { ':now': new Date().toISOString() },
      }),
    );
  } catch (e) {
    if (e instanceof ConditionalCheckFailedException) throw unusable;
    throw e;
  }
}
