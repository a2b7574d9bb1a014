import {
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminUserGlobalSignOutCommand,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import {
  ACCESS_ACTION_RESULT,
  ACCESS_ENDERS,
  ROLE_LABELS,
  ACCESS_STATUS_LABELS,
  type AccessAction,
  type CampusScope,
  type Caller,
  USER_ACCOUNT_AUDIT,
  type UserAccess,
  type Role,
  errorName,
  mayEndAccess,
  profile,
} from '@attain/shared-types';
import { cognitoClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { HttpError } from '../../platform/lib/errors.js';
import { appendAudit } from '../../platform/store/audit-store.js';
import { getRecord } from '../../platform/store/records.js';
import { accessOf, setAccess } from '../../platform/store/user-access.js';

/** Runs a Cognito admin action on a user; a user already gone from the pool is no error (the outcome is the same). */
async function onCognitoUser(send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (e) {
    if (!(e instanceof UserNotFoundException) && errorName(e) !== 'UserNotFoundException') throw e;
  }
}

/**
 * Disables, enables or removes a campus user's access (docs/access.md), as `POST /api/auth/user-list/{user}/access`:
 * - the account's access item first (`setAccess`: a token issued before now is refused within `ACCESS_CACHE_MS`);
 * - then Cognito: disable (and sign out everywhere, which revokes its refresh tokens), enable, or delete the sign-in;
 * - the audit entry (`user-account`, action `disable` | `enable` | `remove`, the status before and after).
 * The profile and its contribution records stay (SAR Criterion 5 counts past faculty). Who may act on whom is
 * `ACCESS_ENDERS`; nobody ends their own access.
 * @param sub the user's profile id (Cognito sub)
 * @throws HttpError 404 for a user not of this campus, 403 when the caller may not act on the user's role or it is the
 *   caller, 409 to enable or disable a removed account
 */
export async function changeUserAccess(scope: CampusScope, caller: Caller, sub: string, action: AccessAction): Promise<UserAccess> {
  const user = await getRecord(scope, profile, sub);
  return changeMemberAccess(scope, caller, { id: user.id, email: user.email, role: user.role }, action);
}

/** An account whose access changes: its sub, sign-in address and role (a staff profile's, or a student's). */
export interface AccountHolder {
  id: string;
  email?: string | null;
  role?: Role | null;
}

/**
 * `changeUserAccess` for an account named by its holder (a student's, from their roster entry's login): the same
 * checks (`ACCESS_ENDERS`, not oneself, nothing after a removal), the same order of writes and the same audit entry.
 * @throws HttpError 403, 409 as `changeUserAccess`
 */
export async function changeMemberAccess(
  scope: CampusScope,
  caller: Caller,
  user: AccountHolder,
  action: AccessAction,
): Promise<UserAccess> {
  if (user.id === caller.sub) throw new HttpError(403, 'You cannot end or change your own access; ask another administrator');
  if (!mayEndAccess(caller.role, user.role ?? undefined)) {
    const who = user.role ? ACCESS_ENDERS[user.role].map((r) => ROLE_LABELS[r].toLowerCase()) : [];
    throw new HttpError(
      403,
      who.length && user.role
        ? `Only the ${who.join(' or the ')} may change the access of a ${ROLE_LABELS[user.role].toLowerCase()}`
        : "You may not change this user's access",
    );
  }
  const before = (await accessOf(scope.campus, user.id, { fresh: true }))?.status ?? 'active';
  // A removal cut short (the sign-in not yet deleted) is finished by removing again; nothing else follows a removal.
  if (before === 'removed' && action !== 'remove')
    throw new HttpError(409, 'This account was removed; add the person again to give them access');
  const status = ACCESS_ACTION_RESULT[action];
  const access = await setAccess(scope.campus, user.id, status, caller.user);
  const pool = config().userPoolId;
  const username = user.email ?? user.id;
  const cognito = cognitoClient();
  if (action === 'disable') {
    await onCognitoUser(() => cognito.send(new AdminDisableUserCommand({ UserPoolId: pool, Username: username })));
    await onCognitoUser(() => cognito.send(new AdminUserGlobalSignOutCommand({ UserPoolId: pool, Username: username }))).catch(() => {
      // The local emulator has no global sign-out; the access item already refuses the tokens.
    });
  } else if (action === 'enable') {
    await onCognitoUser(() => cognito.send(new AdminEnableUserCommand({ UserPoolId: pool, Username: username })));
  } else {
    await onCognitoUser(() => cognito.send(new AdminDeleteUserCommand({ UserPoolId: pool, Username: username })));
  }
  await appendAudit(scope, {
    action,
    entity: USER_ACCOUNT_AUDIT,
    record_id: user.id,
    record_label: user.email ?? user.id,
    changes: [{ field: 'access', label: 'Access', old: ACCESS_STATUS_LABELS[before], new: ACCESS_STATUS_LABELS[status] }],
  });
  return access;
}
