import { AUTH_ENDPOINTS } from '../../features/identity/auth-routes.js';
import { USER_ENDPOINTS } from '../../features/identity/user-routes.js';
import { defineDomain } from '../../platform/http/domain-module.js';

/** The `auth` domain: sign-in for scripts, the signed-in user's own profile, and the campus's users. */
export const authDomain = defineDomain({
  name: 'auth',
  entities: [],
  behaviours: [],
  endpoints: [...AUTH_ENDPOINTS, ...USER_ENDPOINTS],
});
