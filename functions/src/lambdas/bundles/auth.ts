import { SET_PASSWORD_PATH } from '@attain/shared-types';
import { loginRouter, profileRouter } from '../../features/identity/auth-routes.js';
import { setPasswordRouter, userListRouter } from '../../features/identity/user-routes.js';
import { defineDomain } from '../../platform/http/domain-module.js';

/** The `auth` domain: sign-in for scripts, the signed-in user's own profile, and the campus's users. */
export const authDomain = defineDomain({
  name: 'auth',
  entities: [],
  behaviours: [],
  routes: [
    { path: '/api/auth/login', router: loginRouter },
    { path: '/api/auth/profile', router: profileRouter },
    { path: '/api/auth/user-list', router: userListRouter },
    { path: SET_PASSWORD_PATH, router: setPasswordRouter },
  ],
});
