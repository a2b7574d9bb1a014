import { AUTH_ENDPOINTS } from '../../features/identity/auth-routes.js';
import { USER_ENDPOINTS } from '../../features/identity/user-routes.js';
import { STUDENT_ACCOUNT_ENDPOINTS } from '../../features/students/student-account-routes.js';
import { apiKeyRoutes } from '../../features/identity/api-key-routes.js';
import { identityProviderRoutes } from '../../features/identity/identity-provider-routes.js';
import { defineDomain } from '../../platform/http/domain-module.js';

/** The `auth` domain: sign-in for scripts, the signed-in user's own profile, the campus's users and its students' accounts and its API keys. */
export const authDomain = defineDomain({
  name: 'auth',
  entities: [],
  behaviours: [],
  endpoints: [...AUTH_ENDPOINTS, ...USER_ENDPOINTS, ...STUDENT_ACCOUNT_ENDPOINTS, ...apiKeyRoutes, ...identityProviderRoutes],
});
