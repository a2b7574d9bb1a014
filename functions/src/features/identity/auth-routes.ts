import { InitiateAuthCommand, NotAuthorizedException, UserNotFoundException } from '@aws-sdk/client-cognito-identity-provider';
import {
  DEFAULT_ACADEMIC_YEAR_START_MONTH,
  DEFAULT_LOCALE,
  MESSAGES,
  type ProfileView,
  dataViewer,
  department,
  isVersion,
  loginRoute,
  forgotPasswordRoute,
  organization,
  ownScope,
  personalView,
  profile,
  profileRoute,
  errorName,
  TENANT_CLAIM,
  updateProfileRoute,
  may,
} from '@attain/shared-types';
import { cognitoClient } from '../../platform/lib/aws.js';
import { config } from '../../platform/lib/config.js';
import { HttpError } from '../../platform/lib/errors.js';
import { clientAddress, resetRequestThrottle, signInThrottle, tooManySignIns } from './sign-in-throttle.js';
import { RESET_REQUESTED, requestPasswordReset } from './password-reset.js';
import { publicSiteOf } from '../../platform/lib/link-token.js';
import { accessOf } from '../../platform/store/user-access.js';
import { getGroup } from '../../platform/store/campus-registry.js';
import { checkAttachedFiles } from '../../platform/store/attached-files.js';
import { findRecord, patchRecord } from '../../platform/store/records.js';
import { resolveReferences } from '../../platform/store/references.js';
import type { AppContext } from '../../platform/http/context.js';
import { cleanBody } from '../../platform/http/crud-router.js';
import { type Endpoint, endpoint } from '../../platform/http/endpoint.js';

/** The signed-in user's profile as `GET /api/auth/profile` answers it (`rec`: their stored profile record, if any). */
async function profileView(c: AppContext, rec: Record<string, unknown> | undefined): Promise<ProfileView> {
  const { caller, scope } = c.var;
  const group = may(caller, 'oversee-group') ? await getGroup(caller.tenant) : undefined;
  const org = await findRecord(scope, organization, scope.campus);
  const deptId = rec?.department;
  const dept = typeof deptId === 'string' ? await findRecord(ownScope(caller), department, deptId) : undefined;
  return {
    ...(group ? { group } : {}),
    // The caller's own record: `personalView` gives the owner every field, Aadhaar unmasked.
    ...(rec ? personalView(profile, rec, dataViewer(caller, ownScope(caller))) : {}),
    email: caller.user,
    role: caller.role,
    tenant: caller.tenant,
    organization_name: org?.name ?? group?.name ?? '',
    department_name: dept?.name ?? '',
    locale: org?.locale ?? DEFAULT_LOCALE,
    academic_year_start_month: org?.academic_year_start_month ?? DEFAULT_ACADEMIC_YEAR_START_MONTH,
    ...(org?.current_academic_year ? { current_academic_year: org.current_academic_year } : {}),
  };
}

/**
 * Refuses a sign-in whose account an admin disabled or removed (`accessOf`): the token just issued by the pool names
 * the account (`custom:tenant`, `sub`; read, not verified: it came from the pool itself). One GetItem.
 * @throws HttpError 401
 */
async function assertAccessOpen(token: string): Promise<void> {
  let claims: Record<string, unknown> = {};
  try {
    claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    // Not a JWT: nothing to check here; every request verifies it.
  }
  const tenant = claims[TENANT_CLAIM];
  if (typeof tenant !== 'string' || typeof claims.sub !== 'string') return;
  const access = await accessOf(tenant, claims.sub);
  if (access && access.status !== 'active') throw new HttpError(401, 'Your access has been ended by an administrator');
}

/**
 * Sign-in for scripts and the signed-in user's own profile (id = Cognito `sub`), as `loginRoute`, `profileRoute` and
 * `updateProfileRoute` declare them.
 * - `POST /api/auth/login` (public): the Cognito ID token. Wrong credentials answer 401 without saying which part was
 *   wrong. Repeated failures are slowed by the one sign-in throttle (`sign-in-throttle.ts`, shared with the local
 *   `/cognito` path): while the account or the address must wait, 429 with `Retry-After` (seconds) and
 *   `errors.detail`, the password unchecked.
 * - `POST /api/auth/forgot-password` (public): a reset link mailed if the address has an open account
 *   (`requestPasswordReset`), 202 with one sentence either way. Every request counts towards the reset throttle
 *   (`resetRequestThrottle`, the sign-in rule with counts of its own): 429 with `Retry-After` while the address asked
 *   for or the client must wait.
 * - `GET|PATCH /api/auth/profile`: a group administrator's profile lives in its group's namespace, whichever campus it
 *   is reading.
 */
export const AUTH_ENDPOINTS: readonly Endpoint[] = [
  endpoint(loginRoute, async (c, { body }) => {
    const attempt = { account: body.email, address: clientAddress(c.env) };
    const throttle = signInThrottle();
    const wait = throttle.waitFor(attempt);
    if (wait > 0) {
      const { retryAfter, detail } = tooManySignIns(wait);
      c.header('Retry-After', String(retryAfter));
      throw new HttpError(429, detail);
    }
    try {
      const res = await cognitoClient().send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: config().userPoolClientId,
          AuthParameters: { USERNAME: body.email, PASSWORD: body.password },
        }),
      );
      throttle.record(attempt, true);
      const token = res.AuthenticationResult?.IdToken;
      if (!token) throw new HttpError(401, 'This account must complete its sign-in (for example set a new password) first');
      // An account whose access an admin ended signs in no more, whatever the pool says (the local pool may not know).
      await assertAccessOpen(token);
      return { data: { token } };
    } catch (e) {
      // Cognito answers NotAuthorized; the local emulator answers InvalidPassword for a wrong password.
      if (e instanceof NotAuthorizedException || e instanceof UserNotFoundException || errorName(e) === 'InvalidPasswordException') {
        throttle.record(attempt, false);
        throw new HttpError(401, 'Incorrect e-mail or password');
      }
      throw e;
    }
  }),
  endpoint(forgotPasswordRoute, async (c, { body }) => {
    const attempt = { account: body.email, address: clientAddress(c.env) };
    const throttle = resetRequestThrottle();
    const wait = throttle.waitFor(attempt);
    if (wait > 0) {
      const { retryAfter, detail } = tooManySignIns(wait, 'requests for a reset link');
      c.header('Retry-After', String(retryAfter));
      throw new HttpError(429, detail);
    }
    throttle.record(attempt, false);
    await requestPasswordReset(body.email, publicSiteOf(c.req.url));
    return { message: RESET_REQUESTED };
  }),
  endpoint(profileRoute, async (c) => ({
    data: await profileView(c, await findRecord(ownScope(c.var.caller), profile, c.var.caller.sub)),
  })),
  endpoint(updateProfileRoute, async (c, { body }) => {
    // A group administrator's profile lives in its group's namespace, whichever campus it is reading.
    const { caller } = c.var;
    const scope = ownScope(caller);
    // Rules across fields (relieving after joining) and the derived total experience see the profile as it will be.
    const saved = await findRecord(scope, profile, caller.sub);
    const v = cleanBody(profile, body, 'patch', undefined, saved ?? {});
    const sent = body.version;
    if (sent !== undefined && !isVersion(sent))
      throw new HttpError(400, 'Please correct this field: version', { version: MESSAGES.digits });
    const version = sent;
    // References are checked here as on every write: a department of another campus is "Not found"; a photo must be
    // one this member uploaded here and the server confirmed.
    await resolveReferences(scope, profile, v.data);
    await checkAttachedFiles(scope, profile, v.data, [caller.sub]);
    const rec = await patchRecord(scope, profile, caller.sub, v.data, version, { email: caller.user });
    return { message: 'successfully updated', data: await profileView(c, rec) };
  }),
];
