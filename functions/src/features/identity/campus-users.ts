import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { type CampusScope, type Role, TENANT_CLAIM, profile, errorMessage, errorName, may } from '@attain/shared-types';
import { cognitoClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { HttpError } from '../../platform/lib/errors.js';
import { findRecord, patchRecord } from '../../platform/store/records.js';

/** A user to create in a campus: Cognito user + group + profile record. */
export interface NewCampusUser {
  tenant: string;
  email: string;
  /** The first password; none: the account waits for its owner to set one through an invitation link. */
  password?: string;
  role: Role;
  first_name: string;
  last_name: string;
  /** Who creates it (written to the profile's `created_by`). */
  createdBy: string;
  /** Further profile fields (title, department, phone_number, ...), already validated. */
  profileFields?: Record<string, unknown>;
  /** Refuse (409) instead of updating when the e-mail already has an account (the Add User form). */
  mustBeNew?: boolean;
  /** The pool's user for this e-mail when the caller has read it already (`findPoolUser`; null: none), so it is not read again. */
  found?: PoolUser | null;
}

/** A user of the pool as AdminGetUser reads it: its sub and its campus (`custom:tenant`). */
export interface PoolUser {
  sub: string | undefined;
  tenant: string | undefined;
  /** Its username in the pool (the pool signs in by e-mail; the username is its own id). */
  username?: string;
}

/**
 * Reads the pool's user with this e-mail (one AdminGetUser).
 * @returns its sub and campus, or null when the pool has no such user
 */
export async function findPoolUser(email: string): Promise<PoolUser | null> {
  try {
    const got = await cognitoClient().send(new AdminGetUserCommand({ UserPoolId: config().userPoolId, Username: email }));
    const attr = (name: string) => got.UserAttributes?.find((a) => a.Name === name)?.Value;
    return { sub: attr('sub'), tenant: attr(TENANT_CLAIM), username: got.Username };
  } catch (e) {
    if (e instanceof UserNotFoundException || errorName(e) === 'UserNotFoundException') return null;
    throw e;
  }
}

/**
 * Creates (or, when the e-mail exists, updates) a Cognito user with a permanent password (none: Cognito's own random
 * temporary one, which nobody knows, until an invitation link sets one), the campus as its
 * `custom:tenant` attribute and the role as its group, and, for the campus's staff (`read-campus`; not a student),
 * creates its profile record if it has none. Idempotent:
 * an existing profile is left as the user keeps it.
 * @returns the user's Cognito `sub` (the profile id).
 */
export async function ensureCampusUser(u: NewCampusUser): Promise<string> {
  const pool = config().userPoolId;
  const cognito = cognitoClient();
  let sub: string | undefined;
  const found = u.found === undefined ? await findPoolUser(u.email) : u.found;
  if (found) {
    // The user pool is shared by every campus: the same words whether the address is taken here or elsewhere, so the
    // answer never tells a campus that another one has this person.
    if (u.mustBeNew)
      throw new HttpError(409, 'This e-mail address cannot be used for a new user: choose another', { email: 'Not available' });
    sub = found.sub;
  } else {
    const created = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: pool,
        Username: u.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: u.email },
          { Name: 'email_verified', Value: 'true' },
          { Name: TENANT_CLAIM, Value: u.tenant },
        ],
      }),
    );
    sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
  }
  if (!sub) throw new Error(`Cognito returned no sub for ${u.email}`);
  try {
    if (u.password)
      await cognito.send(new AdminSetUserPasswordCommand({ UserPoolId: pool, Username: u.email, Password: u.password, Permanent: true }));
  } catch (e) {
    if (errorName(e) === 'InvalidPasswordException')
      throw new HttpError(400, errorMessage(e), { password: 'Not accepted by the password policy' });
    throw e;
  }
  await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: pool, Username: u.email, GroupName: u.role }));
  const scope: CampusScope = { campus: u.tenant, actor: u.createdBy, access: 'read-write' };
  // Only the campus's staff have a profile in its directory (a student is a roster entry, not a colleague).
  if (!may(u, 'read-campus')) return sub;
  // Only a new user gets the given names: a restart must not undo what the user changed in their profile.
  if (!(await findRecord(scope, profile, sub))) {
    await patchRecord(scope, profile, sub, { ...u.profileFields, first_name: u.first_name, last_name: u.last_name }, undefined, {
      email: u.email,
      role: u.role,
    });
  }
  return sub;
}
