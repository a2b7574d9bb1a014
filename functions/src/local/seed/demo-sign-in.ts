import type { CampusScope } from '@attain/shared-types';
import { campusProvider } from '../../features/identity/identity-provider-store.js';
import { saveCampusProvider } from '../../features/identity/identity-provider-routes.js';
import type { LocalIdp } from '../local-idp.js';

/** The demo campus's e-mail domain: its admin's and sample faculty's addresses (`demo-campus.ts`, `demo-faculty.ts`). */
export const DEMO_SIGN_IN_DOMAIN = 'attain.example';

/**
 * Registers the local sign-in provider as the demo campus's (decision 0063), as its admin would on Utilities > Sign-in
 * with college accounts. The demo's addresses
 * then sign in through it; the second campus's (`east.attain.example`) are another domain, refused through it.
 */
export async function seedDemoSignInProvider(
  scope: CampusScope,
  idp: Pick<LocalIdp, 'issuer' | 'clientId' | 'clientSecret'>,
): Promise<void> {
  // Set once, and again only when the provider moved (its port was taken): an admin's later change (another client, or a
  // SAML provider) is kept otherwise.
  const now = await campusProvider(scope.campus);
  if (now && (now.protocol === 'saml' || (now.issuer === idp.issuer && now.client_id === idp.clientId))) return;
  await saveCampusProvider(scope, scope.actor, {
    name: 'Attain Demo College accounts',
    issuer: idp.issuer,
    client_id: idp.clientId,
    client_secret: idp.clientSecret,
    domains: [DEMO_SIGN_IN_DOMAIN],
  });
}
